/**
 * What the office's links do (docs/spam.md, "The office's links"), for the confirmation page
 * and its button (server/office/office-router.ts): what a link finds (readOfficeLink, which
 * never writes) and the button's act (actOnOfficeLink), which acts once.
 *
 * - "Not spam: deliver it" releases a held lead (releaseLead): it then goes through the
 *   relay, the queue and the worker like any lead and reaches every channel once.
 * - "This is spam" records the office's verdict on a delivered lead. The lead stays stored
 *   with its delivery history (it did reach the office); `leads show` shows the verdict, and
 *   the office's spam counts read it (countMarkedSpam). The classifier learns from both.
 *
 * Each act is a row in office_actions (migration 008), one per lead and action, so a second
 * press, a reload or a forwarded copy of the link finds it and says what already happened.
 */
import type { Db } from '../platform/db/connection'
import { findLead, isQuarantined, releaseLead, type Lead } from '../leads'
import { prepare } from '../platform/db/prepare'
import { formatOfficeTime } from '../../shared/business-time'
import { spamReasonInWords } from './reasons'
import { checkOfficeToken, type OfficeAction } from './office-links'
import { DEFAULT_SPAM_RETENTION_DAYS } from './settings'
import type { OfficeLinkLead, OfficeLinkPage } from '../../shared/office-link-page'

const DAY_MS = 24 * 60 * 60 * 1000
/** How much of the message the page and the digest show. */
const MESSAGE_START_LENGTH = 200

/** The first `max` characters of a message, cut at a word and marked when cut. */
export function messageStart(message: string | null | undefined, max = MESSAGE_START_LENGTH): string {
  const text = (message ?? '').replace(/\s+/g, ' ').trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

export interface OfficeActionRecord {
  leadId: string
  action: OfficeAction
  source: 'office-link'
  actedAt: string
}

/** The office's acts on one lead, oldest first (site-admin's `leads show`). */
export function findOfficeActions(db: Db, leadId: string): OfficeActionRecord[] {
  return (
    prepare(
      db,
      'SELECT lead_id, action, source, acted_at FROM office_actions WHERE lead_id = ? ORDER BY acted_at',
    ).all(leadId) as { lead_id: string; action: OfficeAction; source: 'office-link'; acted_at: string }[]
  ).map((r) => ({ leadId: r.lead_id, action: r.action, source: r.source, actedAt: r.acted_at }))
}

function findOfficeAction(db: Db, leadId: string, action: OfficeAction): OfficeActionRecord | undefined {
  return findOfficeActions(db, leadId).find((a) => a.action === action)
}

/** The lead as the page of a link that can still act names it. */
function officeLinkLead(lead: Lead): OfficeLinkLead {
  return {
    shortId: lead.id.slice(0, 8),
    name: `${lead.firstName} ${lead.lastName}`.trim(),
    receivedAt: formatOfficeTime(lead.createdAt),
    address: lead.address ?? '',
    email: lead.email ?? '',
    phone: lead.phone ?? '',
    message: messageStart(lead.message),
    reasons: lead.quarantinedAt ? lead.spamReasons.map(spamReasonInWords) : [],
  }
}

export interface OfficeLinkOptions {
  /** SPAM_RETENTION_DAYS, for the date a held lead will be deleted. */
  retentionDays?: number
  now?: Date
}

/**
 * What the link `token` finds, for its page, checked with the links' `key` (officeLinkKey,
 * read once by the caller). Reads only: a GET of the page, which mail scanners and link
 * previews make, never changes anything and never takes the write lock.
 *
 * Only a link that can still act (`ready`) shows the enquiry; every other page names it by its
 * short id and says what happened and when.
 */
export function readOfficeLink(
  db: Db,
  key: Buffer,
  token: string,
  opts: OfficeLinkOptions = {},
): OfficeLinkPage {
  const now = opts.now ?? new Date()
  const checked = checkOfficeToken(key, token, now)
  if (checked.kind === 'invalid') return { kind: 'invalid' }
  const retentionDays = opts.retentionDays ?? DEFAULT_SPAM_RETENTION_DAYS
  const { action } = checked
  const lead = findLead(db, checked.leadId)
  if (!lead) return { kind: 'gone', action, retentionDays }
  const shortId = lead.id.slice(0, 8)
  // What happened already is said even when the link has expired since.
  const done = findOfficeAction(db, lead.id, action)
  if (done)
    return {
      kind: 'done',
      action,
      shortId,
      at: formatOfficeTime(done.actedAt),
      by: done.source,
      just: false,
    }
  if (action === 'not_spam' && lead.releasedAt)
    return {
      kind: 'done',
      action,
      shortId,
      at: formatOfficeTime(lead.releasedAt),
      by: 'site-admin',
      just: false,
    }
  if (action === 'not_spam' && !lead.quarantinedAt)
    return { kind: 'not-applicable', action, shortId, quarantined: false }
  if (action === 'spam' && isQuarantined(lead))
    return { kind: 'not-applicable', action, shortId, quarantined: true }
  if (checked.kind === 'expired') {
    const quarantinedUntil =
      isQuarantined(lead) && lead.quarantinedAt
        ? formatOfficeTime(new Date(new Date(lead.quarantinedAt).getTime() + retentionDays * DAY_MS))
        : null
    return {
      kind: 'expired',
      action,
      shortId,
      expiredAt: formatOfficeTime(checked.expiresAt),
      quarantinedUntil,
    }
  }
  return {
    kind: 'ready',
    action,
    token,
    lead: officeLinkLead(lead),
    expiresAt: formatOfficeTime(checked.expiresAt),
  }
}

/**
 * The button: does what the link says, once, and returns the page that says so, or what
 * readOfficeLink finds when the link may not act (expired, used, tampered …). `learned` is
 * called after the act, outside its transaction: a failure to learn never undoes a release.
 */
export function actOnOfficeLink(
  db: Db,
  key: Buffer,
  token: string,
  opts: OfficeLinkOptions & { learned?: (leadId: string, action: OfficeAction) => void } = {},
): { page: OfficeLinkPage; acted: { leadId: string; action: OfficeAction } | null } {
  const now = opts.now ?? new Date()
  const act = db.transaction(() => {
    const page = readOfficeLink(db, key, token, { ...opts, now })
    if (page.kind !== 'ready') return { page, acted: null }
    const checked = checkOfficeToken(key, token, now)
    if (checked.kind !== 'valid') return { page, acted: null }
    const { leadId, action } = checked
    if (action === 'not_spam' && !releaseLead(db, leadId, now))
      return { page: readOfficeLink(db, key, token, opts), acted: null }
    prepare(
      db,
      `INSERT INTO office_actions (lead_id, action, source, acted_at) VALUES (?, ?, 'office-link', ?)`,
    ).run(leadId, action, now.toISOString())
    const done: OfficeLinkPage = {
      kind: 'done',
      action,
      shortId: page.lead.shortId,
      at: formatOfficeTime(now),
      by: 'office-link',
      just: true,
    }
    return { page: done, acted: { leadId, action } }
  })
  const result = act.immediate()
  if (result.acted) opts.learned?.(result.acted.leadId, result.acted.action)
  return result
}
