/**
 * Confirmed opt-in for storm alerts (docs/storm-alerts.md, "Confirming"). Ticking the forms' box
 * asks for alerts; anyone can tick it with someone else's e-mail address, so no alert goes to an
 * address until its owner confirms, by the "Confirm storm alerts" button of the first e-mail the
 * site sends it (the weather report e-mail, the autoreply, or, when neither goes, a short e-mail
 * of its own).
 *
 * The button's link is `/storm-alerts/confirm/<lead id>.<signature>`, signed as the unsubscribe
 * link is (unsubscribe.ts) with a purpose of its own. A GET only shows a page; a POST of that
 * page's form confirms. A confirmation belongs to the e-mail address (storm_alert_confirmations,
 * one row an address, the first kept): it covers every consent of that address given before it
 * within CONSENT_LAPSE_DAYS, and every consent given after it. A consent it does not cover lapses
 * CONSENT_LAPSE_DAYS after it was given. A stop (storm_alert_stops) outweighs a confirmation.
 */
import { formatBusinessDate } from '../../shared/business-time'
import type { BusinessConfig } from '../../shared/business'
import {
  CONFIRM_EMAIL,
  CONSENT_LAPSE_DAYS,
  CONSENT_WORDS,
  STORM_ALERTS_CONFIRM_PATH,
  type ConsentState,
} from '../../shared/storm-alerts-consent'
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { checkLeadLinkToken, findLead, findLeadIdsByEmail, makeLeadLinkToken, type Lead } from '../leads'
import type { OutgoingMail } from '../platform/mail/mailer'
import { renderBoth } from '../platform/mail/render'
import { domainOf } from '../platform/mail/smtp'
import { toHeaderText } from '../platform/mail/text'
import { ConfirmationEmail } from './ConfirmEmail'
import { alertsStoppedAt, unsubscribeKey } from './unsubscribe'

export { STORM_ALERTS_CONFIRM_PATH }

const DAY_MS = 24 * 60 * 60_000
const LAPSE_MS = CONSENT_LAPSE_DAYS * DAY_MS
/** A second request of an address within this long is asked about by the first one's e-mail. */
const ASKED_RECENTLY_MS = DAY_MS

/** What a consent needs of its lead. */
export interface ConsentLead {
  id: string
  email: string
  /** Whether the box was ticked. */
  stormAlerts: boolean
  /** When the lead was stored (ISO): when the box was ticked. */
  createdAt: string
}

interface Consent {
  state: ConsentState
  /** confirmed: when the address confirmed (ISO). */
  confirmedAt?: string
}

/**
 * Where a consent stands, from when it was given and when its address confirmed (if it did):
 * a confirmation covers it when it came no later than CONSENT_LAPSE_DAYS after it.
 */
export function consentState(
  stormAlerts: boolean,
  createdAt: string,
  confirmedAt: string | null | undefined,
  now: Date,
): ConsentState {
  if (!stormAlerts) return 'not-asked'
  const lapsesAt = Date.parse(createdAt) + LAPSE_MS
  if (confirmedAt && Date.parse(confirmedAt) <= lapsesAt) return 'confirmed'
  return now.getTime() > lapsesAt ? 'lapsed' : 'asked'
}

/** When `email` confirmed its storm alerts, or undefined. */
function confirmedAtOf(db: Db, email: string): string | undefined {
  const row = prepare(db, 'SELECT confirmed_at FROM storm_alert_confirmations WHERE email = ?').get(
    email.trim(),
  ) as { confirmed_at: string } | undefined
  return row?.confirmed_at
}

/** A lead's consent as it stands now. */
function readConsent(db: Db, lead: ConsentLead, now: Date): Consent {
  const confirmedAt = lead.stormAlerts ? confirmedAtOf(db, lead.email) : undefined
  const state = consentState(lead.stormAlerts, lead.createdAt, confirmedAt, now)
  return state === 'confirmed' ? { state, confirmedAt } : { state }
}

/** The office's words for a lead's consent: 'asked, not confirmed', 'confirmed' … */
export function consentWords(db: Db, lead: ConsentLead, now: Date): string {
  return CONSENT_WORDS[readConsent(db, lead, now).state]
}

export function makeConfirmToken(key: Buffer, leadId: string, email: string): string {
  return makeLeadLinkToken(key, 'storm-alerts-confirm', leadId, email)
}

function confirmUrl(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${STORM_ALERTS_CONFIRM_PATH}/${token}`
}

/** What a confirmation link finds (its page), or did (after its button). */
export type ConfirmLinkPage =
  /** The consent waits for its address: the button will confirm. */
  | { kind: 'ready'; token: string; email: string }
  /** Confirmed, by this press (`just`) or before, on `on` ('3 Jun 2025'). */
  | { kind: 'confirmed'; email: string; on: string; just: boolean }
  /** The address stopped its alerts on `on`: a confirmation changes nothing. */
  | { kind: 'stopped'; email: string; on: string }
  /** Not confirmed within CONSENT_LAPSE_DAYS. */
  | { kind: 'lapsed' }
  /** Not a link the site made (cut short, altered, or its lead is gone). */
  | { kind: 'invalid' }

type LeadOfLink = Pick<Lead, 'id' | 'email' | 'createdAt'>

function leadOfLink(db: Db, key: Buffer, token: string): LeadOfLink | undefined {
  const checked = checkLeadLinkToken(db, key, 'storm-alerts-confirm', token)
  if (!checked) return undefined
  const lead = findLead(db, checked.leadId)
  // A link is made only for a lead that ticked the box.
  return lead?.stormAlerts ? lead : undefined
}

function pageOf(db: Db, lead: LeadOfLink, token: string, now: Date): ConfirmLinkPage {
  const stopped = alertsStoppedAt(db, lead.email)
  if (stopped) return { kind: 'stopped', email: lead.email, on: formatBusinessDate(stopped.stoppedAt) }
  const confirmedAt = confirmedAtOf(db, lead.email)
  const state = consentState(true, lead.createdAt, confirmedAt, now)
  if (state === 'confirmed')
    return { kind: 'confirmed', email: lead.email, on: formatBusinessDate(confirmedAt!), just: false }
  if (state === 'lapsed') return { kind: 'lapsed' }
  return { kind: 'ready', token, email: lead.email }
}

/** What the link's page shows (a GET): it reads and never writes. */
export function readConfirmLink(db: Db, key: Buffer, token: string, now: Date): ConfirmLinkPage {
  const lead = leadOfLink(db, key, token)
  return lead ? pageOf(db, lead, token, now) : { kind: 'invalid' }
}

/**
 * The page's button (a POST): confirms the address's alerts when its consent waits for it,
 * else changes nothing. Returns the page to show, and the lead when this press confirmed.
 */
export function confirmByLink(
  db: Db,
  key: Buffer,
  token: string,
  now: Date,
): { page: ConfirmLinkPage; confirmed?: string } {
  return db
    .transaction(() => {
      const lead = leadOfLink(db, key, token)
      if (!lead) return { page: { kind: 'invalid' as const } }
      const page = pageOf(db, lead, token, now)
      if (page.kind !== 'ready') return { page }
      prepare(
        db,
        `INSERT INTO storm_alert_confirmations (email, lead_id, confirmed_at) VALUES (?, ?, ?)
         ON CONFLICT (email) DO NOTHING`,
      ).run(lead.email.trim(), lead.id, now.toISOString())
      return {
        page: { kind: 'confirmed' as const, email: lead.email, on: formatBusinessDate(now), just: true },
        confirmed: lead.id,
      }
    })
    .immediate()
}

/** A lead as the e-mails that ask to confirm see it (the notifications' LeadView has this). */
interface AskingLead extends ConsentLead {
  firstName: string
  /** The home's address as given; undefined when left blank. */
  address: string | undefined
}

/** What the worker's lead e-mails use to ask for a confirmation (core/notifications/). */
export interface ConsentAsking {
  /** The link of the "Confirm storm alerts" button, or undefined when there is nothing to ask. */
  confirmUrl(lead: ConsentLead): string | undefined
  /**
   * The e-mail that asks alone (the install sends the homeowner no other), or why none is
   * needed: the address confirmed, stopped or was asked by an earlier request's e-mail, or the
   * consent lapsed.
   */
  confirmationMail(
    lead: AskingLead,
    opts: { from: string; business: BusinessConfig },
  ): Promise<{ mail: OutgoingMail } | { skip: string }>
}

/** Why nothing needs asking of this lead's address now, or undefined. */
function nothingToAsk(db: Db, lead: ConsentLead, now: Date): string | undefined {
  if (!lead.stormAlerts) return 'the homeowner did not ask for storm alerts'
  if (alertsStoppedAt(db, lead.email)) return 'the address stopped storm alerts'
  const state = readConsent(db, lead, now).state
  if (state === 'confirmed') return 'the address confirmed storm alerts already'
  if (state === 'lapsed') return `the request lapsed: not confirmed within ${CONSENT_LAPSE_DAYS} days`
  return undefined
}

export function createConsentAsking(db: Db, opts: { siteUrl: string; now?: () => Date }): ConsentAsking {
  const key = unsubscribeKey(db)
  const now = opts.now ?? (() => new Date())
  const urlOf = (lead: ConsentLead) => confirmUrl(opts.siteUrl, makeConfirmToken(key, lead.id, lead.email))
  return {
    confirmUrl: (lead) => (nothingToAsk(db, lead, now()) === undefined ? urlOf(lead) : undefined),
    async confirmationMail(lead, mailOpts) {
      const why = nothingToAsk(db, lead, now())
      if (why) return { skip: why }
      // An earlier request of the address within a day asked already: its button confirms the address.
      const since = new Date(Date.parse(lead.createdAt) - ASKED_RECENTLY_MS).toISOString()
      const earlier = findLeadIdsByEmail(db, lead.email.trim(), { from: since, to: lead.createdAt }).some(
        (id) => id !== lead.id && findLead(db, id)?.stormAlerts,
      )
      if (earlier) return { skip: 'an earlier request of this address within 24 hours asked to confirm' }
      const { html, text } = await renderBoth(
        ConfirmationEmail({
          firstName: lead.firstName.trim() || 'there',
          address: lead.address,
          confirmUrl: urlOf(lead),
          business: mailOpts.business,
        }),
      )
      const domain = domainOf(mailOpts.from)
      return {
        mail: {
          from: mailOpts.from,
          to: { name: toHeaderText(lead.firstName, 100), address: lead.email },
          replyTo: mailOpts.business.email,
          subject: toHeaderText(CONFIRM_EMAIL.subject(mailOpts.business.name), 150),
          messageId: `<storm-alerts-confirm-${lead.id}@${domain}>`,
          html,
          text,
          headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All' },
        },
      }
    },
  }
}
