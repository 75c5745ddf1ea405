/**
 * Spam held in quarantine (docs/spam.md), as site-admin shows it: `leads list --spam`, the
 * line `leads list` adds when there is any, the `spam` line of `leads show`, and
 * `leads not-spam <id>`, which releases a lead the score got wrong and teaches the spam
 * classifier that its text is no spam (core/spam/learning.ts).
 *
 * A quarantined lead is stored but never handed to the queue, notified or listed with the
 * leads; released, it is a lead like any other: the web process's relay hands it to the queue
 * within seconds and the worker notifies every channel. The worker deletes spam left in
 * quarantine after SPAM_RETENTION_DAYS, a worker setting site-admin does not read.
 */
import { spamReasonInWords, learnFromOffice } from '../core/spam'
import type { Command } from 'commander'
import type { Db } from '../core/platform/db/connection'
import { countLeads, findLead, listLeads, releaseLead, type Lead } from '../core/leads'
import { AdminError, findOneLead, withDatabase, type AdminContext } from './context'
import { formatTable, shortTime } from './format'

/** The widest the WHY column of `leads list --spam` gets; longer reasons end in an ellipsis. */
const WHY_WIDTH = 70

/** The hint after the quarantine's list. */
const RELEASE_HINT =
  'Release one with: site-admin leads not-spam <id>. Spam is deleted after SPAM_RETENTION_DAYS (30 by default).'

function nameOf(lead: Lead): string {
  return `${lead.firstName} ${lead.lastName}`
}

/** A lead's spam reasons in words: 'honeypot field filled: +10; no form token: +1'. */
function describeReasons(lead: Lead): string {
  return lead.spamReasons.map(spamReasonInWords).join('; ')
}

/**
 * `leads show`'s spam line: 'score 1, not spam (no form token: +1)', 'score 12, held in
 * quarantine since … (…)', 'score 12, released from quarantine at … (…)', or 'not scored' for a
 * lead stored before the score existed (or written by a tool).
 */
export function describeSpam(lead: Lead): string {
  if (lead.spamScore === null) return 'not scored'
  const verdict = lead.releasedAt
    ? `released from quarantine at ${lead.releasedAt}`
    : lead.quarantinedAt
      ? `held in quarantine since ${lead.quarantinedAt}`
      : 'not spam'
  const reasons = describeReasons(lead)
  return `score ${lead.spamScore}, ${verdict}${reasons ? ` (${reasons})` : ''}`
}

/**
 * The line `leads list` ends with when spam is held in quarantine in the same span, naming the
 * command that lists it; null when there is none.
 */
export function quarantineLine(db: Db, since: Date | null, sinceOption: string | undefined): string | null {
  const quarantined = countLeads(db, since, { quarantine: true })
  if (quarantined === 0) return null
  const scope = since ? ` since ${since.toISOString()}` : ''
  const command = `site-admin leads list --spam${sinceOption ? ` --since ${sinceOption.replace(/\s+/g, '')}` : ''}`
  return `${quarantined} held as spam in quarantine${scope} (${command}).`
}

/** `leads list --spam`: the quarantine, newest first, with each lead's score and why. */
export function printQuarantine(ctx: AdminContext, db: Db, since: Date | null, limit: number | null): void {
  const rows = listLeads(db, { since, limit, quarantine: true })
  const total = countLeads(db, since, { quarantine: true })
  const scope = since ? ` since ${since.toISOString()}` : ''
  if (!rows.length) return ctx.out(`No leads held as spam${scope}.`)
  const header = ['ID', 'CREATED (UTC)', 'FORM', 'NAME', 'E-MAIL', 'SCORE', 'WHY']
  const table = rows.map((lead) => [
    lead.id,
    shortTime(lead.createdAt),
    lead.form,
    nameOf(lead),
    lead.email,
    String(lead.spamScore ?? ''),
    lead.spamReasons.map((r) => r.text).join('; '),
  ])
  ctx.out(formatTable(header, table, [Infinity, Infinity, Infinity, 28, 36, Infinity, WHY_WIDTH]))
  ctx.out(
    rows.length < total
      ? `\n${rows.length} of ${total} held as spam in quarantine${scope}, newest first (--limit <n> or --all for more).`
      : `\n${total} held as spam in quarantine${scope}, newest first.`,
  )
  ctx.out(RELEASE_HINT)
}

export function addNotSpamCommand(leads: Command, ctx: AdminContext): void {
  leads
    .command('not-spam')
    .description(
      'release a lead held as spam in quarantine: it is delivered on every channel like any lead, once',
    )
    .argument(
      '<id>',
      'the lead id (the first 8 characters are enough; site-admin leads list --spam shows them)',
    )
    .addHelpText(
      'after',
      '\nExample: docker compose exec web site-admin leads not-spam 3f2b8c1e\n' +
        'A lead that is not in quarantine (never was, or was released already) is refused (exit 1) and nothing changes.',
    )
    .action((id: string) =>
      withDatabase(ctx.config(), (db) => releaseFromQuarantine(ctx, db, id), { write: true }),
    )
}

function releaseFromQuarantine(ctx: AdminContext, db: Db, id: string): void {
  const lead = findOneLead(db, id)
  const who = `${lead.id} (${nameOf(lead)})`
  if (lead.releasedAt)
    throw new AdminError(
      `Lead ${who} was released from quarantine already, at ${lead.releasedAt}; nothing changed (it is not delivered twice).`,
    )
  if (!lead.quarantinedAt)
    throw new AdminError(`Lead ${who} is not held as spam: it is a lead like any other; nothing changed.`)
  if (!releaseLead(db, lead.id, ctx.now())) {
    // Released (or purged) by someone else between the read and the write.
    const now = findLead(db, lead.id)
    throw new AdminError(
      now?.releasedAt
        ? `Lead ${who} was released from quarantine already, at ${now.releasedAt}; nothing changed (it is not delivered twice).`
        : `Lead ${who} is no longer in quarantine; nothing changed.`,
    )
  }
  // The office said this is no spam: the classifier learns it, so the next like it scores lower.
  learnFromOffice(db, lead.id, 'not_spam', 'site-admin')
  ctx.out(
    `Released ${who} from quarantine: it goes to the queue within seconds and is delivered on every channel like any lead. Follow it with: site-admin leads show ${lead.id.slice(0, 8)}`,
  )
}
