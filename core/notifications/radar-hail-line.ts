/**
 * The new lead's text says whether a storm hit the address (docs/bookings.md, "Text messages to
 * the office"): the most recent storm day of the last RADAR_LOOKBACK_DAYS with radar hail of
 * 0.75 in or more (a radar day's floor) within 1 mi (the weather report's near ring) of the home.
 * Never asks the geocoder: the home is where the worker placed it already (lead_places), else
 * where its weather report placed it, else its ZIP code's centre, else a served city's centre
 * named in the address (the ZIP code table, core/platform). The words say how precise that is:
 * "at the address" only for a home placed by its street address and hail at its own cell;
 * "near 80134" for a ZIP code's centre. Nothing is said without an address that can be placed,
 * or without radar data for the period (site-admin storms status).
 */
import type { Db } from '../platform/db/connection'
import { findZipCode } from '../platform/geography'
import type { Lead } from '../leads'
import {
  findLeadReport,
  formatRadarHail,
  latestRadarHailNear,
  locateWithoutGeocoder,
  RADAR_DAY_MIN_IN,
  type LatLon,
} from '../storms'
import { knownPlaceOf } from '../storm-response'
import { formatIsoDate } from '../../shared/business-time'
import { cityOf } from './lead-view'

/** How far back the text looks for radar hail: a year, recent enough to be worth asking the homeowner about. */
const RADAR_LOOKBACK_DAYS = 365

const DAY_MS = 86_400_000

type Placed = LatLon & { locatedBy: 'address' | 'zip' | 'city' }

/** The home as known without the network, or undefined. */
function placeOf(db: Db, lead: Pick<Lead, 'id' | 'address'>): Placed | undefined {
  return (
    knownPlaceOf(db, lead.id) ??
    findLeadReport(db, lead.id)?.report?.location ??
    locateWithoutGeocoder(lead.address)
  )
}

/** 'the address', '80134' or 'Parker': where the words say the hail was near. */
function nearWhat(place: Placed, address: string): string {
  if (place.locatedBy === 'address') return 'the address'
  if (place.locatedBy === 'zip') return findZipCode(address)?.zip ?? 'the ZIP code'
  return cityOf(address) ?? 'the city'
}

/**
 * 'Radar: 1.6 in hail at the address on 12 Jun 2026.', '… within 1 mi of the address …',
 * '… near 80134 on …', or 'Radar: no hail of 0.75 in+ near 80134 in 12 months.'; undefined when
 * the home cannot be placed or the store has no storm day of the period.
 */
export function radarHailLine(db: Db, lead: Pick<Lead, 'id' | 'address'>, now: Date): string | undefined {
  const place = placeOf(db, lead)
  if (!place) return undefined
  const { coverage, day } = latestRadarHailNear(db, place, now, RADAR_LOOKBACK_DAYS)
  if (!coverage) return undefined
  const near = nearWhat(place, lead.address)
  if (!day) {
    const floor = `${RADAR_DAY_MIN_IN} in+`
    // A store that begins over a month into the year says since when radar was looked at.
    const monthIn = new Date(now.getTime() - (RADAR_LOOKBACK_DAYS - 31) * DAY_MS).toISOString().slice(0, 10)
    const since = coverage.first > monthIn ? `since ${formatIsoDate(coverage.first)}` : 'in 12 months'
    return `Radar: no hail of ${floor} near ${near} ${since}.`
  }
  const on = `on ${formatIsoDate(day.date)}`
  if (place.locatedBy === 'address' && day.atHomeIn >= RADAR_DAY_MIN_IN)
    return `Radar: ${formatRadarHail(day.atHomeIn)} hail at the address ${on}.`
  const where = place.locatedBy === 'address' ? 'within 1 mi of the address' : `near ${near}`
  return `Radar: ${formatRadarHail(day.within1MiIn)} hail ${where} ${on}.`
}
