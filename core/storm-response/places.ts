/**
 * Where each lead's home is on NOAA's radar grid (lead_places), so the homes under a storm
 * day's swath are one join away (homesHitOn).
 *
 * A home is placed by the worker, newest leads first: a hail report lead whose weather report
 * placed the home already takes that place (the geocoder is not asked twice for one address);
 * any other lead with an address is placed like a weather report is (the Census geocoder, else
 * the ZIP code's centre, else the city's: core/storms locateAddressAnswered). An address nothing
 * can place is recorded as 'none'. Leads in quarantine are never placed: nobody alerts or briefs
 * on spam.
 *
 * A home placed other than by its street address because the geocoder did not answer (it was
 * down or slow) is not placed for good: it is placed again by its address on later passes, a
 * few a pass, waiting longer after each try the geocoder does not answer (place_again_at), until
 * the geocoder places it or answers that it has no match for the address. A home its weather
 * report placed other than by its address is asked about once more so. Only a home placed by
 * its address is told "at your home" (alerts.ts).
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { leadsToPlace, notQuarantined } from '../leads'
import { cellOf, findLeadReport, mm10ToIn, type GeocoderAnswer, type Location } from '../storms'
import type { HitHome } from './types'

/**
 * Places an address, and says what the geocoder answered (core/storms locateAddressAnswered
 * with its settings): the location is undefined when nothing can place it.
 */
export type Locate = (
  address: string,
) => Promise<{ location: Location | undefined; geocoder: GeocoderAnswer }>

/** The first wait before a home the geocoder did not answer for is placed again; it doubles each try. */
const PLACE_AGAIN_FIRST_WAIT_MS = 10 * 60_000
/** The longest wait between two tries. */
const PLACE_AGAIN_LONGEST_WAIT_MS = 24 * 60 * 60_000

export interface PlacingSummary {
  /** Homes placed by a stored weather report, by the geocoder's steps, or not at all ('none'). */
  fromReports: number
  located: number
  unplaceable: number
  /** Whether it stopped because the deadline passed. */
  stoppedAtDeadline: boolean
}

/** When a home the geocoder did not answer for, after `tries` tries, is placed again. */
function placeAgainAt(now: Date, tries: number): string {
  const wait = Math.min(PLACE_AGAIN_LONGEST_WAIT_MS, PLACE_AGAIN_FIRST_WAIT_MS * 2 ** Math.max(0, tries - 1))
  return new Date(now.getTime() + wait).toISOString()
}

/**
 * What a placing step works with: the geocoder, the pass's time, how many homes at most, and a
 * `deadline` (epoch ms on `clock`) after which it asks the geocoder no more.
 */
export interface PlacingStep {
  locate: Locate
  now: Date
  limit: number
  deadline?: number
  clock?: () => number
}

/**
 * Places up to `limit` leads that have an address and no place yet, newest first; with a
 * `deadline`, stops asking the geocoder once it has passed.
 */
export async function placeUnplacedLeads(db: Db, step: PlacingStep): Promise<PlacingSummary> {
  const { locate, now, limit, deadline = Infinity, clock = Date.now } = step
  const leads = leadsToPlace(db, { placedIn: 'SELECT lead_id FROM lead_places', limit })
  const summary: PlacingSummary = { fromReports: 0, located: 0, unplaceable: 0, stoppedAtDeadline: false }
  for (const lead of leads) {
    if (clock() >= deadline) {
      summary.stoppedAtDeadline = true
      break
    }
    const report = findLeadReport(db, lead.id)
    let location: Location | undefined
    let again: string | null = null
    if (report) {
      location = report.location
      summary.fromReports++
      // Why the report's geocoding fell back is not known: the geocoder is asked once more.
      if (location?.locatedBy !== 'address') again = now.toISOString()
    } else {
      const answer = await locate(lead.address)
      location = answer.location
      if (location) summary.located++
      else summary.unplaceable++
      if (answer.geocoder === 'no answer') again = placeAgainAt(now, 1)
    }
    savePlace(db, lead.id, location, now, again, report ? 0 : 1)
  }
  return summary
}

/** The place's columns of lead_places (located_by, latitude, longitude, row, col) for a location, or for none. */
function placeColumns(
  location: Location | undefined,
): [string, number | null, number | null, number | null, number | null] {
  const cell = location ? cellOf(location) : undefined
  return [
    location?.locatedBy ?? 'none',
    location?.latitude ?? null,
    location?.longitude ?? null,
    cell?.row ?? null,
    cell?.col ?? null,
  ]
}

function savePlace(
  db: Db,
  leadId: string,
  location: Location | undefined,
  now: Date,
  placeAgainAt: string | null,
  tries: number,
): void {
  prepare(
    db,
    `INSERT INTO lead_places (lead_id, located_by, latitude, longitude, row, col, placed_at, place_again_at, address_tries)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO NOTHING`,
  ).run(leadId, ...placeColumns(location), now.toISOString(), placeAgainAt, tries)
}

export interface PlacingAgainSummary {
  /** Homes now placed by their address. */
  byAddress: number
  /** Homes whose address the geocoder has no match for: placed for good where they were. */
  noMatch: number
  /** Tries the geocoder did not answer (one ends the step: it is down). */
  noAnswer: number
}

/**
 * Places again, by their address, up to `limit` homes placed by a fallback and due another try,
 * longest waiting first. A try the geocoder does not answer ends the step: it is down or slow,
 * and the next try of each home waits longer.
 */
export async function placeFallbackHomesAgain(db: Db, step: PlacingStep): Promise<PlacingAgainSummary> {
  const { locate, now, limit, deadline = Infinity, clock = Date.now } = step
  const homes = prepare(
    db,
    `SELECT p.lead_id, f.address, p.address_tries FROM lead_places p JOIN form_submissions f ON f.id = p.lead_id
     WHERE p.place_again_at IS NOT NULL AND p.place_again_at <= ? AND ${notQuarantined('f')}
       AND f.address IS NOT NULL AND TRIM(f.address) <> ''
     ORDER BY p.place_again_at LIMIT ?`,
  ).all(now.toISOString(), limit) as { lead_id: string; address: string; address_tries: number }[]
  const summary: PlacingAgainSummary = { byAddress: 0, noMatch: 0, noAnswer: 0 }
  for (const home of homes) {
    if (clock() >= deadline) break
    const { location, geocoder } = await locate(home.address)
    const tries = home.address_tries + 1
    if (geocoder === 'no answer') {
      prepare(db, 'UPDATE lead_places SET place_again_at = ?, address_tries = ? WHERE lead_id = ?').run(
        placeAgainAt(now, tries),
        tries,
        home.lead_id,
      )
      summary.noAnswer++
      break
    }
    // A match places the home by its address; no match leaves it where the fallback put it, for good.
    prepare(
      db,
      `UPDATE lead_places SET located_by = ?, latitude = ?, longitude = ?, row = ?, col = ?, placed_at = ?,
         place_again_at = NULL, address_tries = ?
       WHERE lead_id = ?`,
    ).run(...placeColumns(location), now.toISOString(), tries, home.lead_id)
    if (geocoder === 'match') summary.byAddress++
    else summary.noMatch++
  }
  return summary
}

interface HitRow {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string
  address: string
  form: string
  created_at: string
  storm_alerts: number
  confirmed_at: string | null
  located_by: 'address' | 'zip' | 'city'
  mm10: number
  latitude: number
  longitude: number
}

/**
 * The leads whose home's cell had hail of at least `minMm10` (tenths of a millimetre) on the
 * storm day, newest lead first, with how each home was placed and when its address confirmed
 * storm alerts; leads in quarantine are left out.
 */
export function homesHitOn(db: Db, day: string, minMm10: number): HitHome[] {
  const rows = prepare(
    db,
    `SELECT f.id, f.first_name, f.last_name, f.email, f.phone, f.address, f.form, f.created_at,
            f.storm_alerts, k.confirmed_at, p.located_by, c.mm10, p.latitude, p.longitude
     FROM lead_places p
     JOIN radar_cells c ON c.row = p.row AND c.col = p.col AND c.day = ?
     JOIN form_submissions f ON f.id = p.lead_id
     LEFT JOIN storm_alert_confirmations k ON k.email = f.email
     WHERE c.mm10 >= ? AND ${notQuarantined('f')}
     ORDER BY f.created_at DESC, f.id`,
  ).all(day, minMm10) as HitRow[]
  return rows.map((r) => ({
    leadId: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    form: r.form,
    createdAt: r.created_at,
    stormAlerts: r.storm_alerts === 1,
    confirmedAt: r.confirmed_at,
    locatedBy: r.located_by,
    hailIn: mm10ToIn(r.mm10),
    latitude: r.latitude,
    longitude: r.longitude,
  }))
}

/**
 * The lead's home as already placed (lead_places), without asking the geocoder: undefined when
 * the worker has not placed it yet or nothing could ('none').
 */
export function knownPlaceOf(
  db: Db,
  leadId: string,
): { latitude: number; longitude: number; locatedBy: 'address' | 'zip' | 'city' } | undefined {
  const row = prepare(
    db,
    `SELECT latitude, longitude, located_by AS locatedBy FROM lead_places
     WHERE lead_id = ? AND located_by <> 'none' AND latitude IS NOT NULL AND longitude IS NOT NULL`,
  ).get(leadId) as { latitude: number; longitude: number; locatedBy: 'address' | 'zip' | 'city' } | undefined
  return row
}
