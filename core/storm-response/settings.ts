/**
 * The storm response's settings (docs/configuration.md, docs/storm-alerts.md), read by the
 * worker: the hail size at a home that counts as a hit, and how often the worker looks for
 * storm days it has not answered yet.
 */
import { z } from 'zod'
import { wholeNumberOf, type EnvOf } from '../platform/config/helpers'
import { DEFAULT_STORM_ALERT_MIN_IN } from './types'

export const STORM_RESPONSE_SETTINGS = {
  STORM_ALERT_MIN_IN: z.coerce
    .number({ error: 'must be a hail size in inches, e.g. 1.0' })
    .min(
      0.5,
      'must be at least 0.5 in: the radar store keeps nothing smaller, and smaller hail seldom damages a roof',
    )
    .max(4, 'must be at most 4 in: hail that large is rare, and homeowners would hear of almost no storm')
    .default(DEFAULT_STORM_ALERT_MIN_IN),
  STORM_RESPONSE_POLL_SECONDS: wholeNumberOf(
    'seconds',
    20,
    [5, 'must be at least 5 seconds: each look reads the database'],
    [110, 'must be at most 110 seconds, so radar imported by hand is answered within 2 minutes'],
  ),
}

export function readStormResponseSettings(e: EnvOf<typeof STORM_RESPONSE_SETTINGS>) {
  return { stormResponse: { minIn: e.STORM_ALERT_MIN_IN, pollSeconds: e.STORM_RESPONSE_POLL_SECONDS } }
}
