/**
 * Stopping storm alerts from an alert (docs/storm-alerts.md), through the one-click unsubscribe
 * router (server/http/one-click-unsubscribe.ts): GET /storm-alerts/unsubscribe/<token> shows a
 * page with one button and changes nothing; a POST whose body is `List-Unsubscribe=One-Click`
 * (RFC 8058) stops the alerts at once.
 *
 * The links' key is read (made, on a new database) once, when the router is built: a GET reads
 * and never writes. A link the site did not make is a 404 page that says how to stop the
 * alerts otherwise. Each client address may open so many pages a minute, but a
 * POST with a valid token is never refused.
 */
import type { Router } from 'express'
import {
  STORM_ALERTS_UNSUBSCRIBE_PATH,
  alertsStoppedAt,
  checkUnsubscribeToken,
  stopAlerts,
  unsubscribeKey,
} from '../../core/storm-response'
import { createOneClickUnsubscribeRouter, type OneClickUnsubscribeDeps } from '../http/one-click-unsubscribe'
import { halfHidden, para } from '../http/page-parts'

export { STORM_ALERTS_UNSUBSCRIBE_PATH }

export function createUnsubscribeRouter(deps: OneClickUnsubscribeDeps): Router {
  // The one write of these links in the web process, at start-up (see above).
  const key = unsubscribeKey(deps.db)
  const { business } = deps
  return createOneClickUnsubscribeRouter(deps, {
    name: 'storm-alerts-unsubscribe',
    path: STORM_ALERTS_UNSUBSCRIBE_PATH,
    check: (token) => checkUnsubscribeToken(deps.db, key, token),
    isStopped: (email) => Boolean(alertsStoppedAt(deps.db, email)),
    stop: (email, how, token, log, now) => {
      const { alreadyStopped } = stopAlerts(deps.db, email, how, now)
      log.info({ leadId: token.split('.')[0], how, alreadyStopped }, 'storm alerts stopped')
    },
    invalid:
      para('This link to stop storm alerts is not one our website made, or it was cut short.') +
      para(
        `To stop the alerts another way, reply to any alert or contact ${business.name} at ${business.email} or ${business.phone}.`,
      ),
    ask: (email) => ({
      title: 'Stop storm alerts?',
      body: para(`Storm alerts go to ${halfHidden(email)} when radar sees hail at your address.`),
      button: 'Stop storm alerts',
    }),
    stopped: (email, afterPost) => ({
      title: 'Storm alerts are stopped',
      body: para(
        afterPost
          ? `${halfHidden(email)} gets no more storm alerts from ${business.name}.`
          : `${halfHidden(email)} gets no more storm alerts.`,
      ),
    }),
  })
}
