/**
 * What `site-admin storms status` shows (docs/storm-data.md): the events the store holds per
 * source and year, its files, how far the data goes and how the last refresh went.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { stormDataThrough } from './coverage'
import { newestStormEvent } from './events'
import { readRefreshState, type RefreshState } from './refresh-state'
import type { StormEvent, StormSource } from './types'
import { daysFrom, wantedStormDays } from './radar/days'
import {
  missingStormDays,
  radarCoverage,
  radarFailures,
  storedStormDays,
  type RadarFailure,
} from './radar/store'

export interface StormStatus {
  /** Events per source and year (UTC), with the kinds, oldest year first. */
  years: { source: StormSource; year: number; events: number; hail: number; wind: number; tornado: number }[]
  total: number
  newest: StormEvent | undefined
  files: { source: StormSource; count: number }[]
  through: { nceiThrough: string | null; spcThrough: string | null }
  refresh: RefreshState | undefined
  /** Radar hail (MRMS MESH): the days stored, and the days of the report's period without one. */
  radar: {
    coverage: { first: string; last: string; days: number } | null
    /** The period's days with no radar stored, oldest first. */
    missing: string[]
    /** Of those, the days NOAA did not have when the refresh asked. */
    notAtNoaa: number
    /** The days whose file could not be fetched or read, newest first: each is asked for again. */
    failed: RadarFailure[]
    /** Why the last refresh stopped its radar step early, when it did. */
    stopped: string | undefined
    period: { first: string; last: string }
  }
}

export function stormStatus(db: Db, now: Date): StormStatus {
  const years = prepare(
    db,
    `SELECT source, CAST(substr(begin_at, 1, 4) AS INTEGER) AS year, COUNT(*) AS events,
       SUM(kind = 'hail') AS hail, SUM(kind = 'wind') AS wind, SUM(kind = 'tornado') AS tornado
     FROM storm_events GROUP BY source, year ORDER BY source, year`,
  ).all() as StormStatus['years']
  const files = prepare(
    db,
    'SELECT source, COUNT(*) AS count FROM storm_files GROUP BY source ORDER BY source',
  ).all() as StormStatus['files']
  return {
    years,
    total: years.reduce((sum, y) => sum + y.events, 0),
    newest: newestStormEvent(db),
    files,
    through: stormDataThrough(db),
    refresh: readRefreshState(db),
    radar: radarStatus(db, now),
  }
}

function radarStatus(db: Db, now: Date): StormStatus['radar'] {
  const period = wantedStormDays(now)
  const stored = storedStormDays(db)
  const notAtNoaa = missingStormDays(db)
  const missing = daysFrom(period.first, period.last).filter((d) => !stored.has(d))
  return {
    coverage: radarCoverage(db),
    missing,
    notAtNoaa: missing.filter((d) => notAtNoaa.has(d)).length,
    failed: radarFailures(db),
    stopped: readRefreshState(db)?.radarStopped,
    period,
  }
}

/**
 * The radar refresh's health as /readyz shows it: how many days are failing, the newest with its
 * reason, and whether the last refresh stopped its radar step.
 */
export function radarRefreshHealth(db: Db): {
  failedDays: number
  newestFailure: RadarFailure | null
  stopped: string | null
} {
  const failed = radarFailures(db)
  return {
    failedDays: failed.length,
    newestFailure: failed[0] ?? null,
    stopped: readRefreshState(db)?.radarStopped ?? null,
  }
}
