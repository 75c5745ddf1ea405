/**
 * The lead's life after the form as site-admin shows it (docs/bookings.md): `leads mark <id>
 * booked|reached|lost` records what the office did (the same as its e-mail's links), the lines
 * `leads show` adds (the lead's state, its history, its bookings and the office's notices), and
 * `bookings list`, the bookings the scheduling tools sent, those without a form included.
 */
import { Option, type Command } from 'commander'
import type { Db } from '../core/platform/db/connection'
import {
  eventsOfLead,
  followUpsStoppedAt,
  formatAppointment,
  listBookingEvents,
  markLead,
  messagesOfEvents,
  messagesOfLead,
  MARK_WORDS,
  OFFICE_MARKS,
  readLeadHistory,
  readLeadState,
  type LeadMessage,
  type LeadStateNow,
  type OfficeMark,
  type StateChange,
  type StoredBookingEvent,
} from '../core/bookings'
import { isQuarantined, type ListedLead } from '../core/leads'
import { AdminError, findOneLead, withDatabase, type AdminContext } from './context'
import { formatTable, parseLimit, shortTime, UsageError } from './format'

const TOOL_NAMES: Record<StoredBookingEvent['tool'], string> = { calendly: 'Calendly', cal_com: 'Cal.com' }

/** 'booked for Tue 1 Dec, 10:00 AM (since 2026-11-28 10:00 UTC)', 'new (since its form)'. */
function describeState(s: LeadStateNow): string {
  const what =
    s.state === 'booked'
      ? s.bookedFor
        ? `booked for ${formatAppointment(s.bookedFor)} (Denver time)`
        : 'booked (by phone: no time recorded)'
      : s.state === 'canceled' && s.bookedFor
        ? `canceled (was booked for ${formatAppointment(s.bookedFor)})`
        : s.state
  return `${what}${s.since ? `, since ${shortTime(s.since)} UTC` : ', since its form'}`
}

const CAUSE_WORDS: Record<StateChange['cause'], string> = {
  calendly: 'Calendly',
  cal_com: 'Cal.com',
  'site-admin': 'site-admin leads mark',
  'office-link': "the office's link",
}

/** One history line: '2026-11-28 10:00 booked for Tue 1 Dec, 10:00 AM: Calendly invitee.created'. */
function historyLine(c: StateChange): string {
  const state = c.bookedFor ? `${c.state} for ${formatAppointment(c.bookedFor)}` : c.state
  const why =
    c.cause === 'site-admin' || c.cause === 'office-link'
      ? `${c.detail} (${CAUSE_WORDS[c.cause]})`
      : `${CAUSE_WORDS[c.cause]} ${c.detail}`
  return `${shortTime(c.at)}  ${state}: ${why}`
}

/** A message as one line: 'booked e-mail sent', 'nudge text failed after 3 tries: HTTP 400 …'. */
function messageLine(m: LeadMessage): string {
  const medium = m.medium === 'sms' ? 'text' : m.medium === 'webhook' ? 'webhook' : 'e-mail'
  const tries = m.attempts > 1 ? ` (${m.attempts} tries)` : ''
  const detail = m.status === 'sent' ? '' : m.detail ? `: ${m.detail}` : ''
  const when = m.status === 'pending' ? `, next ${shortTime(m.nextAttemptAt ?? m.dueAt)} UTC` : ''
  return `${m.kind} ${medium} ${m.status}${tries}${when}${detail}`
}

function bookingLine(e: StoredBookingEvent): string {
  const when = e.startsAt ? ` for ${formatAppointment(e.startsAt)}` : ''
  const half = e.rescheduled ? ' (half of a reschedule)' : ''
  return `${shortTime(e.receivedAt)}  ${TOOL_NAMES[e.tool]} ${e.trigger}${when}${half}, matched by ${e.matchedBy ?? 'not yet handled'}`
}

/**
 * `leads show`'s lines of the lead's life: its state, then its history from the form on, its
 * bookings and the office's notices about it (no line for what it does not have).
 */
export function leadLifeLines(db: Db, lead: ListedLead): [string, string][] {
  const lines: [string, string][] = [['state', describeState(readLeadState(db, lead.id))]]
  const history = [
    `${shortTime(lead.createdAt)}  new: the form (${lead.form})`,
    ...readLeadHistory(db, lead.id).map(historyLine),
  ]
  lines.push(['history', history.join('\n')])
  const bookings = eventsOfLead(db, lead.id)
  if (bookings.length) lines.push(['bookings', bookings.map(bookingLine).join('\n')])
  const messages = messagesOfLead(db, lead.id)
  if (messages.length) lines.push(['notices', messages.map(messageLine).join('\n')])
  const stopped = lead.email ? followUpsStoppedAt(db, lead.email) : undefined
  if (stopped)
    lines.push(['follow-ups', `stopped by the address ${shortTime(stopped.stoppedAt)} UTC (${stopped.how})`])
  return lines
}

export function addMarkCommand(leads: Command, ctx: AdminContext): void {
  leads
    .command('mark')
    .description(
      `record what the office did with a lead: booked (${MARK_WORDS.booked}), reached (${MARK_WORDS.reached}) or lost (${MARK_WORDS.lost}); it ends the nudge and the follow-ups`,
    )
    .argument('<id>', 'the lead id (the first 8 characters are enough)')
    .argument('<mark>', OFFICE_MARKS.join('|'))
    .action((id: string, mark: string) => {
      if (!(OFFICE_MARKS as readonly string[]).includes(mark))
        throw new UsageError(`"${mark}" is not a mark: use booked, reached or lost.`)
      return withDatabase(
        ctx.config(),
        (db) => {
          const lead = findOneLead(db, id)
          if (isQuarantined(lead))
            throw new AdminError(
              `Lead ${lead.id} is held as spam in quarantine: release it first (site-admin leads not-spam ${lead.id.slice(0, 8)}).`,
            )
          const { before, changed } = markLead(db, lead.id, mark as OfficeMark, 'site-admin', ctx.now())
          const name = `${lead.firstName} ${lead.lastName}`
          ctx.out(
            changed
              ? `Lead ${lead.id} (${name}) marked ${mark}: ${MARK_WORDS[mark as OfficeMark]} (was ${describeState(before)}).`
              : `Lead ${lead.id} (${name}) is ${mark} already (${describeState(before)}); nothing changed.`,
          )
        },
        { write: true },
      )
    })
}

export function addBookingCommands(program: Command, ctx: AdminContext): void {
  const bookings = program
    .command('bookings')
    .description('the bookings the scheduling tools (Calendly, Cal.com) sent, and what the office was told')
  bookings
    .command('list')
    .description(
      'the newest booking events first: the tool, what happened, the lead it matched and the notices',
    )
    .option('--limit <n>', 'show at most this many', '50')
    .addOption(new Option('--without-form', 'only bookings that matched no lead'))
    .action((opts: { limit: string; withoutForm?: boolean }) =>
      withDatabase(ctx.config(), (db) => {
        const events = listBookingEvents(db, { limit: parseLimit(opts.limit), withoutLead: opts.withoutForm })
        if (!events.length)
          return ctx.out(opts.withoutForm ? 'No bookings without a form.' : 'No booking events yet.')
        const messages = messagesOfEvents(
          db,
          events.map((e) => e.id),
        )
        const header = ['RECEIVED (UTC)', 'TOOL', 'EVENT', 'APPOINTMENT', 'NAME', 'LEAD', 'NOTICES']
        const rows = events.map((e) => [
          shortTime(e.receivedAt),
          TOOL_NAMES[e.tool],
          e.rescheduled ? `${e.trigger} (reschedule)` : e.trigger,
          e.startsAt ? formatAppointment(e.startsAt) : '',
          e.name ?? e.email ?? '',
          e.leadId
            ? `${e.leadId.slice(0, 8)} (${e.matchedBy})`
            : e.matchedBy === 'none'
              ? 'without a form'
              : 'not yet handled',
          (messages[e.id] ?? [])
            .map((m) => `${m.medium === 'sms' ? 'text' : 'e-mail'} ${m.status}`)
            .join(', ') || '-',
        ])
        ctx.out(formatTable(header, rows, [Infinity, Infinity, Infinity, Infinity, 30, Infinity, Infinity]))
      }),
    )
}
