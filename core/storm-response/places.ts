/**
 * Where each lead's home is on NOAA's radar grid (lead_places), so the homes under a storm
 * day's swath are one join away (homesHitOn).
 *
 * A home is placed once, by the worker, newest leads first: a hail report lead whose weather
 * report placed the home already takes that place (the geocoder is not asked twice for one
 * address); any other lead with an address is placed like a weather report is (the Census
 * geocoder, else the ZIP code's centre, else the city's: core/storms locateAddress). An address
 * nothing can place is recorded as 'none', so it is not asked about again. Leads in quarantine
 * are never placed: nobody alerts or briefs on spam.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { NOT_QUARANTINED } from '../leads'
import { cellOf, findLeadReport, mm10ToIn, type Location } from '../storms'
import type { HitHome } from './types'

/** Places an address, or undefined when nothing can (core/storms locateAddress with its settings). */
export type Locate = (address: string) => Promise<Location | undefined>

export interface PlacingSummary {
  /** Homes placed by a stored weather report, by the geocoder's steps, or not at all ('none'). */
  fromReports: number
  located: number
  unplaceable: number
}

/**
 * Places up to `limit` leads that have an address and no place yet, newest first; with a
 * `deadline` (epoch ms), stops asking the geocoder once it has passed.
 */
export async function placeUnplacedLeads(
  db: Db,
  locate: Locate,
  now: Date,
  limit: number,
  deadline = Infinity,
): Promise<PlacingSummary> {
  const leads = prepare(
    db,
    `SELECT f.id, f.address FROM form_submissions f
     WHERE f.address IS NOT NULL AND TRIM(f.address) <> '' AND ${NOT_QUARANTINED}
       AND NOT EXISTS (SELECT 1 FROM lead_places p WHERE p.lead_id = f.id)
     ORDER BY f.created_at DESC LIMIT ?`,
  ).all(limit) as { id: string; address: string }[]
  const summary: PlacingSummary = { fromReports: 0, located: 0, unplaceable: 0 }
  for (const lead of leads) {
    if (Date.now() >= deadline) break
    const report = findLeadReport(db, lead.id)
    let location: Location | undefined
    if (report) {
      location = report.location
      summary.fromReports++
    } else {
      location = await locate(lead.address)
      if (location) summary.located++
      else summary.unplaceable++
    }
    savePlace(db, lead.id, location, now)
  }
  return summary
}

function savePlace(db: Db, leadId: string, location: Location | undefined, now: Date): void {
  const cell = location ? cellOf(location) : undefined
  prepare(
    db,
    `INSERT INTO lead_places (lead_id, located_by, latitude, longitude, row, col, placed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (lead_id) DO NOTHING`,
  ).run(
    leadId,
    location?.locatedBy ?? 'none',
    location?.latitude ?? null,
    location?.longitude ?? null,
    cell?.row ?? null,
    cell?.col ?? null,
    now.toISOString(),
  )
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
  mm10: number
  latitude: number
  longitude: number
}

/**
 * The leads whose home's cell had hail of at least `minMm10` (tenths of a millimetre) on the
 * storm day, newest lead first; leads in quarantine are left out.
 */
export function homesHitOn(db: Db, day: string, minMm10: number): HitHome[] {
  const rows = prepare(
    db,
    `SELECT f.id, f.first_name, f.last_name, f.email, f.phone, f.address, f.form, f.created_at,
            f.storm_alerts, c.mm10, p.latitude, p.longitude
     FROM lead_places p
     JOIN radar_cells c ON c.row = p.row AND c.col = p.col AND c.day = ?
     JOIN form_submissions f ON f.id = p.lead_id
     WHERE c.mm10 >= ? AND ${NOT_QUARANTINED}
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
    hailIn: mm10ToIn(r.mm10),
    latitude: r.latitude,
    longitude: r.longitude,
  }))
}
