/**
 * site-admin's `storm-alerts` commands (docs/storm-alerts.md): `list` (who asked for alerts,
 * since when, from which form, whether their address confirmed, and whether it stopped them), `sent` (the alerts of a
 * storm day, or of every day: size, status and what happened), and `unsubscribe EMAIL` (stops
 * an address's alerts, as its link would, recorded as done by site-admin).
 */
import type { Command } from 'commander'
import { alertsStoppedAt, listStormAlerts, listSubscribers, stopAlerts } from '../core/storm-response'
import { CONSENT_WORDS } from '../shared/storm-alerts-consent'
import { withDatabase, type AdminContext } from './context'
import { UsageError, formatTable, shortTime } from './format'

const DAY = /^\d{4}-\d{2}-\d{2}$/

export function addStormAlertCommands(program: Command, ctx: AdminContext): void {
  const alerts = program
    .command('storm-alerts')
    .description(
      'The storm alerts homeowners asked for ("Tell me when radar sees hail at this address"): who gets them, what was sent, and stopping them.',
    )
  alerts
    .command('list')
    .description(
      'Every lead that asked for storm alerts, newest first, whether its address confirmed them, and whether it stopped them.',
    )
    .action(() =>
      withDatabase(ctx.config(), (db) => {
        const subscribers = listSubscribers(db, ctx.now())
        if (!subscribers.length) return void ctx.out('No lead has asked for storm alerts yet.')
        ctx.out(
          formatTable(
            ['E-mail', 'Address', 'Since', 'Form', 'Confirmed', 'Stopped'],
            subscribers.map((s) => [
              s.email,
              s.address ?? '',
              shortTime(s.since),
              s.form,
              s.consent === 'confirmed'
                ? `${CONSENT_WORDS.confirmed} ${shortTime(s.confirmedAt!)}`
                : CONSENT_WORDS[s.consent],
              s.stopped ? `${shortTime(s.stopped.at)} (${s.stopped.how})` : 'no',
            ]),
            [40, 40],
          ),
        )
        const confirmed = subscribers.filter((s) => s.consent === 'confirmed').length
        ctx.out(
          `\n${subscribers.length} lead${subscribers.length === 1 ? '' : 's'} asked for storm alerts; ${confirmed} of them confirmed.`,
        )
      }),
    )
  alerts
    .command('sent')
    .description('The storm alerts planned, sent, failed or skipped, newest storm day first.')
    .option('--day <YYYY-MM-DD>', 'only the alerts of this storm day (Denver date)')
    .action((opts: { day?: string }) => {
      if (opts.day !== undefined && !DAY.test(opts.day))
        throw new UsageError(`--day "${opts.day}" must be a date written YYYY-MM-DD, e.g. 2024-06-12.`)
      return withDatabase(ctx.config(), (db) => {
        const rows = listStormAlerts(db, opts.day)
        if (!rows.length)
          return void ctx.out(opts.day ? `No storm alerts for ${opts.day}.` : 'No storm alerts yet.')
        ctx.out(
          formatTable(
            ['Day', 'E-mail', 'Size', 'Status', 'Detail'],
            rows.map((r) => [
              r.day,
              r.email,
              `${r.hailIn.toFixed(1)} in`,
              r.status === 'failed' ? `failed (${r.attempts} tries)` : r.status,
              r.detail ?? '',
            ]),
            [10, 40, 8, 18, 80],
          ),
        )
      })
    })
  alerts
    .command('unsubscribe')
    .argument('<email>', 'the e-mail address that should get no more storm alerts')
    .description('Stops storm alerts to an address, as the link in an alert does.')
    .action((email: string) =>
      withDatabase(
        ctx.config(),
        (db) => {
          const known = listSubscribers(db, ctx.now()).some(
            (s) => s.email.toLowerCase() === email.trim().toLowerCase(),
          )
          const before = alertsStoppedAt(db, email)
          if (before)
            return void ctx.out(
              `${email} was stopped already on ${shortTime(before.stoppedAt)} (${before.how}); nothing changed.`,
            )
          stopAlerts(db, email, 'site-admin', ctx.now())
          ctx.out(
            known
              ? `${email} gets no more storm alerts.`
              : `No lead with ${email} asked for storm alerts; it is recorded as stopped anyway, so it never gets one.`,
          )
        },
        { write: true },
      ),
    )
}
