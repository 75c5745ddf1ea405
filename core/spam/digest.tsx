/**
 * The spam digest (docs/spam.md, "The spam digest"): built, sent and
 * recorded here, for the worker's daily schedule (worker/spam-digest.ts) and for
 * `site-admin leads digest` alike.
 *
 * Which leads a digest lists: those held since the last digest that was sent (by its
 * covered_until), still held, oldest first, at most MAX_LISTED; when no digest was ever sent,
 * every lead still held. A digest that lists nothing is not sent. Older leads still held are
 * one line, with when the oldest is deleted; their links are in the digest that listed them.
 * A digest that failed or never finished moves no line: its leads are in the next one.
 *
 * Every digest is a row in spam_digests (migration 008). The worker's carries its local day,
 * unique, so it never sends two for one day whatever restarts.
 */
import type { Db } from '../platform/db/connection'
import { countQuarantinedUpTo, listQuarantinedBetween, type Lead } from '../leads'
import { prepare } from '../platform/db/prepare'
import type { Mailer, OutgoingMail } from '../platform/mail/mailer'
import { renderBoth } from '../platform/mail/render'
import { domainOf } from '../platform/mail/smtp'
import { toBodyText, toHeaderText } from '../platform/mail/text'
import { messageStart } from './quarantine'
import { formatOfficeTime } from '../../shared/business-time'
import { spamReasonInWords } from './reasons'
import type { OfficeLinks } from './office-links'
import { SpamDigestEmail, type DigestLead, type DigestView } from './SpamDigestEmail'

/** The most leads one digest lists; a surge of spam is counted, not listed. */
const MAX_LISTED = 50
const DAY_MS = 24 * 60 * 60 * 1000
/** A scheduled digest that failed is tried again this long after, within its day. */
const DIGEST_RETRY_MS = 15 * 60_000
/** …at most this many times a day. */
const DIGEST_MAX_ATTEMPTS = 5

export type DigestTrigger = 'schedule' | 'site-admin'
type DigestStatus = 'sending' | 'sent' | 'failed' | 'nothing'

interface DigestRecord {
  id: number
  trigger: DigestTrigger
  day: string | null
  status: DigestStatus
  startedAt: string
  coveredUntil: string
  leads: number
  attempts: number
  finishedAt: string | null
  detail: string | null
}

function toRecord(r: Record<string, unknown>): DigestRecord {
  return {
    id: r.id as number,
    trigger: r.trigger as DigestTrigger,
    day: r.day as string | null,
    status: r.status as DigestStatus,
    startedAt: r.started_at as string,
    coveredUntil: r.covered_until as string,
    leads: r.leads as number,
    attempts: r.attempts as number,
    finishedAt: r.finished_at as string | null,
    detail: r.detail as string | null,
  }
}

/** The last digest that reached the mail server; null before the first. */
function lastSentDigest(db: Db): DigestRecord | null {
  const row = prepare(
    db,
    `SELECT * FROM spam_digests WHERE status = 'sent' ORDER BY covered_until DESC, id DESC LIMIT 1`,
  ).get() as Record<string, unknown> | undefined
  return row ? toRecord(row) : null
}

/**
 * Starts a digest: for the schedule, claims its day (null when the day has one already, so a
 * second worker or a restart sends nothing); for site-admin, always a new row.
 */
export function startSpamDigest(
  db: Db,
  trigger: DigestTrigger,
  day: string | null,
  now: Date,
): number | null {
  return db
    .transaction(() => {
      const result = prepare(
        db,
        `INSERT INTO spam_digests (trigger, day, status, started_at, covered_until)
         VALUES (?, ?, 'sending', ?, ?) ON CONFLICT DO NOTHING`,
      ).run(trigger, day, now.toISOString(), now.toISOString())
      return result.changes === 1 ? Number(result.lastInsertRowid) : null
    })
    .immediate()
}

/**
 * Takes a failed scheduled digest of `day` up again when it failed at least DIGEST_RETRY_MS
 * ago and has tries left; null otherwise. It covers up to the time of the new try.
 */
export function retryFailedSpamDigest(db: Db, day: string, now: Date): number | null {
  return db
    .transaction(() => {
      const row = prepare(
        db,
        `UPDATE spam_digests SET status = 'sending', attempts = attempts + 1, covered_until = ?, finished_at = NULL
         WHERE day = ? AND status = 'failed' AND finished_at <= ? AND attempts < ? RETURNING id`,
      ).get(
        now.toISOString(),
        day,
        new Date(now.getTime() - DIGEST_RETRY_MS).toISOString(),
        DIGEST_MAX_ATTEMPTS,
      ) as { id: number } | undefined
      return row?.id ?? null
    })
    .immediate()
}

function finishDigest(
  db: Db,
  id: number,
  outcome: { status: Exclude<DigestStatus, 'sending'>; leads: number; detail: string | null },
  now: Date,
): void {
  db.transaction(() => {
    prepare(
      db,
      'UPDATE spam_digests SET status = ?, leads = ?, detail = ?, finished_at = ? WHERE id = ?',
    ).run(outcome.status, outcome.leads, outcome.detail, now.toISOString(), id)
  }).immediate()
}

interface DigestPlan {
  /** Held since `since` (or all held when null), still held, oldest first, at most MAX_LISTED. */
  leads: Lead[]
  notListed: number
  olderQuarantined: number
  oldestQuarantinedAt: string | null
  since: string | null
}

/** What a digest covering up to `until` lists, after the last sent digest (or all, with `all`). */
function planDigest(db: Db, until: Date, opts: { all?: boolean } = {}): DigestPlan {
  const since = opts.all ? null : (lastSentDigest(db)?.coveredUntil ?? null)
  const leads = listQuarantinedBetween(db, { after: since ?? '', upTo: until.toISOString() })
  const older = countQuarantinedUpTo(db, since ?? '')
  return {
    leads: leads.slice(0, MAX_LISTED),
    notListed: Math.max(0, leads.length - MAX_LISTED),
    olderQuarantined: since ? older.count : 0,
    oldestQuarantinedAt: since ? older.oldest : null,
    since,
  }
}

export interface DigestMailOptions {
  from: string
  to: string[]
  businessName: string
  links: OfficeLinks
  linkDays: number
  retentionDays: number
  now: Date
}

/** The digest e-mail of a plan, with a "Not spam: deliver it" link for each lead. */
async function buildDigestMail(
  plan: DigestPlan,
  digestId: number,
  opts: DigestMailOptions,
): Promise<OutgoingMail> {
  const leads: DigestLead[] = plan.leads.map((lead) => ({
    id: lead.id,
    name: toBodyText(`${lead.firstName} ${lead.lastName}`.trim()),
    phone: toBodyText(lead.phone ?? ''),
    email: toBodyText(lead.email ?? ''),
    address: toBodyText(lead.address ?? ''),
    message: toBodyText(messageStart(lead.message)),
    receivedAt: formatOfficeTime(lead.createdAt),
    reasons: lead.spamReasons.map(spamReasonInWords),
    releaseUrl: opts.links.url('not_spam', lead.id, opts.now),
  }))
  const view: DigestView = {
    businessName: opts.businessName,
    leads,
    notListed: plan.notListed,
    olderQuarantined: plan.olderQuarantined,
    oldestDeletedAt: plan.oldestQuarantinedAt
      ? formatOfficeTime(new Date(new Date(plan.oldestQuarantinedAt).getTime() + opts.retentionDays * DAY_MS))
      : null,
    linkDays: opts.linkDays,
    retentionDays: opts.retentionDays,
  }
  const { html, text } = await renderBoth(<SpamDigestEmail view={view} />)
  const count = leads.length + plan.notListed
  const domain = domainOf(opts.from)
  return {
    from: opts.from,
    to: opts.to,
    subject: toHeaderText(
      `Held as possible spam: ${count} ${count === 1 ? 'enquiry' : 'enquiries'} to check`,
      150,
    ),
    messageId: `<spam-digest-${digestId}@${domain}>`,
    html,
    text,
    headers: { 'X-Spam-Digest-Id': String(digestId) },
  }
}

export interface SpamDigestOutcome {
  status: Exclude<DigestStatus, 'sending'>
  /** How many leads it listed. */
  leads: number
  plan: DigestPlan
  detail: string | null
}

/**
 * Sends the digest started as `digestId` (startDigest or retryFailedDigest): lists what it
 * covers, sends it when there is anything, and records how it ended.
 */
export async function sendSpamDigest(
  db: Db,
  digestId: number,
  opts: DigestMailOptions & { mailer: Mailer; all?: boolean },
): Promise<SpamDigestOutcome> {
  const plan = planDigest(db, opts.now, { all: opts.all })
  if (plan.leads.length === 0) {
    finishDigest(db, digestId, { status: 'nothing', leads: 0, detail: null }, opts.now)
    return { status: 'nothing', leads: 0, plan, detail: null }
  }
  let outcome: SpamDigestOutcome
  try {
    const mail = await buildDigestMail(plan, digestId, opts)
    const sent = await opts.mailer.send(mail)
    outcome =
      sent.kind === 'sent'
        ? { status: 'sent', leads: plan.leads.length, plan, detail: sent.detail ?? null }
        : { status: 'failed', leads: plan.leads.length, plan, detail: sent.reason }
  } catch (err) {
    outcome = { status: 'failed', leads: plan.leads.length, plan, detail: (err as Error).message }
  }
  finishDigest(db, digestId, outcome, opts.now)
  return outcome
}
