/**
 * Stopping the follow-ups from a follow-up e-mail (docs/bookings.md, "Follow-ups until booked"),
 * through the one-click unsubscribe router the storm alerts use too
 * (server/http/one-click-unsubscribe.ts): GET /follow-ups/unsubscribe/<token> shows a page with
 * one button and changes nothing; a POST whose body is `List-Unsubscribe=One-Click` (RFC 8058)
 * stops them at once.
 *
 * Its own stop list (follow_up_stops): stopping the follow-ups leaves storm alerts as they are.
 * The links' key is read (made, on a new database) once, when the router is built: a GET
 * reads and never writes. A valid token's POST is never refused by the rate limit.
 */
import type { Router } from 'express'
import {
  FOLLOW_UPS_UNSUBSCRIBE_PATH,
  checkFollowUpsToken,
  followUpsKey,
  followUpsStoppedAt,
  stopFollowUps,
} from '../../core/bookings'
import { createOneClickUnsubscribeRouter, type OneClickUnsubscribeDeps } from '../http/one-click-unsubscribe'
import { halfHidden, para } from '../http/page-parts'

export { FOLLOW_UPS_UNSUBSCRIBE_PATH }

export function createFollowUpRouter(deps: OneClickUnsubscribeDeps): Router {
  const key = followUpsKey(deps.db)
  const { business } = deps
  return createOneClickUnsubscribeRouter(deps, {
    name: 'follow-ups-unsubscribe',
    path: FOLLOW_UPS_UNSUBSCRIBE_PATH,
    check: (token) => checkFollowUpsToken(deps.db, key, token),
    isStopped: (found) => Boolean(followUpsStoppedAt(deps.db, found.email)),
    stop: (found, how, _token, log, now) => {
      const result = stopFollowUps(deps.db, { email: found.email, leadId: found.leadId, how }, now)
      log.info({ leadId: found.leadId, how, ...result }, 'follow-ups stopped')
    },
    invalid:
      para('This link to stop reminders is not one our website made, or it was cut short.') +
      para(
        `To stop them another way, reply to any of them or contact ${business.name} at ${business.email} or ${business.phone}.`,
      ),
    ask: (found) => ({
      title: 'Stop the reminders?',
      body: para(
        `We remind ${halfHidden(found.email)} a few times to book the free roof inspection you asked for, until you book.`,
      ),
      button: 'Stop the reminders',
    }),
    stopped: (found) => ({
      title: 'Reminders stopped',
      body:
        para(`${halfHidden(found.email)} gets no more reminders about booking an inspection.`) +
        para(`Storm alerts, if you asked for them, are not changed by this.`, 'note'),
    }),
  })
}
