/**
 * The storms feature's settings, in one place (docs/configuration.md): which states' storm events
 * are kept, the worker's refresh of NOAA's data, and the geocoder that places a home for its
 * weather report. The worker's and site-admin's schemas take them from here.
 */
import { z } from 'zod'
import {
  hours,
  httpUrl,
  optionalText,
  flag,
  wholeMs,
  wholeNumberOf,
  type EnvOf,
} from '../platform/config/helpers'
import type { WantedStates } from './events'
import type { StormDataSources } from './refresh'

/**
 * A list of states as written in STORM_STATES or `site-admin storms import --states`: two-letter
 * codes separated by commas (any case, spaces allowed, each kept once), or `all`; else the items
 * that are no state code (empty when the list was).
 */
export function parseStateList(value: string): { states: WantedStates } | { bad: string[] } {
  if (value.trim().toLowerCase() === 'all') return { states: 'all' }
  const states = value
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter((s) => s !== '')
  const bad = states.filter((s) => !/^[A-Z]{2}$/.test(s))
  if (states.length === 0 || bad.length > 0) return { bad }
  return { states: [...new Set(states)] }
}

/**
 * The storm data's states (docs/storm-data.md): the worker's refresh and `site-admin storms
 * import` keep only the reports of these states. `all` keeps the whole country (a benchmark).
 */
export const STORM_SETTINGS = {
  STORM_STATES: z
    .string()
    .trim()
    .default('CO')
    .transform((v, ctx): WantedStates => {
      const parsed = parseStateList(v)
      if ('states' in parsed) return parsed.states
      ctx.addIssue({
        code: 'custom',
        message: `must be two-letter state codes separated by commas, e.g. CO or CO, WY, or all${parsed.bad.length ? `; not a state code: "${parsed.bad.join('", "')}"` : ''}`,
      })
      return []
    }),
}

/** A directory URL that file names are appended to: always ends with a slash. */
const directoryUrl = (what: string, fallback: string) =>
  httpUrl(what)
    .default(fallback)
    .transform((v) => (v.endsWith('/') ? v : `${v}/`))

export const STORM_REFRESH_SETTINGS = {
  /** Unset: on in production only, so development and test runs never download from NOAA. */
  STORM_REFRESH: optionalText.pipe(flag.optional()),
  STORM_REFRESH_HOURS: hours(
    24,
    [1, 'must be at least 1 hour: NOAA publishes new reports once a day'],
    [168, 'must be at most 168 hours (a week), or the report misses recent storms'],
  ),
  STORM_YEARS: wholeNumberOf(
    'years',
    6,
    // A report looks 5 years back from today, which reaches into a sixth calendar year.
    [6, 'must be at least 6 years: a report covers the past 5 years, which span 6 calendar years'],
    [30, 'must be at most 30 years'],
  ),
  NCEI_STORM_EVENTS_URL: directoryUrl(
    'the NCEI Storm Events directory',
    'https://www.ncei.noaa.gov/pub/data/swdi/stormevents/csvfiles/',
  ),
  SPC_REPORTS_URL: directoryUrl('the SPC storm reports', 'https://www.spc.noaa.gov/climo/reports/'),
  /** NOAA's MRMS MESH (radar hail) files, one folder a UTC date below it (docs/storm-data.md). */
  MRMS_MESH_URL: directoryUrl(
    "NOAA's MRMS MESH radar hail files",
    'https://noaa-mrms-pds.s3.amazonaws.com/CONUS/MESH_Max_1440min_00.50/',
  ),
  STORM_FETCH_TIMEOUT_MS: wholeMs('longest download of one storm data file', 100, 30 * 60_000).default(
    60_000,
  ),
  STORM_FETCH_MAX_BYTES: z.coerce
    .number({ error: 'must be a number of bytes, e.g. 104857600 (100 MB)' })
    .int('must be a whole number of bytes')
    .min(1_000_000, 'must be at least 1000000 (1 MB): a year of NCEI reports is tens of MB')
    .default(100 * 1024 * 1024),
}

/** How retries and the reconciler are timed. */

/** The worker's refresh: whether and how often it runs, and what it downloads from where. */
export function readStormRefreshSettings(
  e: EnvOf<typeof STORM_SETTINGS & typeof STORM_REFRESH_SETTINGS>,
  production: boolean,
): StormDataSources & { on: boolean; intervalHours: number } {
  return {
    on: e.STORM_REFRESH ?? production,
    states: e.STORM_STATES,
    intervalHours: e.STORM_REFRESH_HOURS,
    years: e.STORM_YEARS,
    nceiUrl: e.NCEI_STORM_EVENTS_URL,
    spcUrl: e.SPC_REPORTS_URL,
    meshUrl: e.MRMS_MESH_URL,
    fetchTimeoutMs: e.STORM_FETCH_TIMEOUT_MS,
    fetchMaxBytes: e.STORM_FETCH_MAX_BYTES,
  }
}

/** Where the geocoder is and how long a home's placing waits for it. */
export interface GeocoderSettings {
  /** CENSUS_GEOCODER_URL, without a trailing slash. */
  baseUrl: string
  /** GEOCODER_TIMEOUT_MS: the longest wait for an answer. */
  timeoutMs: number
}

/**
 * The US Census Bureau geocoder (no key needed), which places a home for its weather report:
 * the worker for each hail report lead, site-admin for `storms report`.
 */
export const GEOCODER_SETTINGS = {
  CENSUS_GEOCODER_URL: httpUrl('the US Census Bureau geocoder')
    .default('https://geocoding.geo.census.gov/geocoder')
    .transform((v) => v.replace(/\/+$/, '')),
  GEOCODER_TIMEOUT_MS: wholeMs('longest wait for the geocoder', 100, 60_000).default(5000),
}

export function readGeocoderSettings(e: EnvOf<typeof GEOCODER_SETTINGS>): { geocoder: GeocoderSettings } {
  return { geocoder: { baseUrl: e.CENSUS_GEOCODER_URL, timeoutMs: e.GEOCODER_TIMEOUT_MS } }
}
