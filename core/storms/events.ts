/**
 * The storm events in the lead database (migration 006; docs/storm-data.md): storing an
 * imported file's events, and the query of a report (the events near a point over a period,
 * through the R*Tree). Functions take the db first and use prepared statements; a write runs in
 * an IMMEDIATE transaction.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { camelRow } from '../platform/db/rows'
import { nceiCutoff } from './coverage'
import type { ImportSummary, LatLon, SkipReason, StormEvent, StormEventInput, StormSource } from './types'

/** The states an import keeps: two-letter codes, or every state. */
export type WantedStates = readonly string[] | 'all'

/** What an importer read from one file, before it is stored. */
export interface ParsedStormFile {
  events: StormEventInput[]
  /** Data rows read (headers not counted). */
  read: number
  skippedBy: Partial<Record<SkipReason, number>>
}

const MILES_PER_DEGREE_LAT = 69.0
const MILES_PER_DEGREE_LON_AT_EQUATOR = 69.17
/** A box a little larger than the circle, so rounding (the R*Tree keeps 32-bit floats) never loses an edge. */
const BOX_MARGIN = 1.02

/**
 * ON CONFLICT … DO NOTHING rather than INSERT OR IGNORE: OR IGNORE would also drop a row that
 * breaks a CHECK (an unknown kind) without a word, and count it as already stored.
 */
const INSERT_EVENT = `INSERT INTO storm_events
  (source, source_id, kind, begin_at, begin_ms, local_time, time_zone, hail_in, wind_kt, tornado_scale,
   magnitude_type, latitude, longitude, county_zone, state, place, file, imported_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (source, source_id) DO NOTHING`
const INSERT_GEO =
  'INSERT INTO storm_events_geo (id, min_lat, max_lat, min_lon, max_lon) VALUES (?, ?, ?, ?, ?)'

/**
 * Stores one file's events in ONE transaction: a file is stored whole or not at all, never
 * half a year. Each event is kept once by (source, source id), so importing a file again, or a
 * recompiled NCEI year that repeats last month's events, stores only what is new. The file is
 * recorded in storm_files (rows_stored: how many of its events the store holds after this).
 */
export function storeStormFile(
  db: Db,
  file: { name: string; source: StormSource },
  parsed: ParsedStormFile,
  now: Date,
): ImportSummary {
  const importedAt = now.toISOString()
  const skipped = Object.values(parsed.skippedBy).reduce((sum, n) => sum + (n ?? 0), 0)
  const insertEvent = prepare(db, INSERT_EVENT)
  const insertGeo = prepare(db, INSERT_GEO)
  let stored = 0
  db.transaction(() => {
    for (const e of parsed.events) {
      const result = insertEvent.run(
        e.source,
        e.sourceId,
        e.kind,
        e.beginAt.toISOString(),
        e.beginAt.getTime(),
        e.localTime,
        e.timeZone,
        e.hailIn,
        e.windKt,
        e.tornadoScale,
        e.magnitudeType,
        e.latitude,
        e.longitude,
        e.countyZone,
        e.state,
        e.place,
        file.name,
        importedAt,
      )
      if (result.changes === 0) continue
      stored++
      insertGeo.run(result.lastInsertRowid, e.latitude, e.latitude, e.longitude, e.longitude)
    }
    prepare(
      db,
      `INSERT INTO storm_files (name, source, rows_read, rows_stored, rows_skipped, skipped_reasons, imported_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET source = excluded.source, rows_read = excluded.rows_read,
         rows_stored = excluded.rows_stored, rows_skipped = excluded.rows_skipped,
         skipped_reasons = excluded.skipped_reasons, imported_at = excluded.imported_at`,
    ).run(
      file.name,
      file.source,
      parsed.read,
      parsed.events.length,
      skipped,
      JSON.stringify(parsed.skippedBy),
      importedAt,
    )
  }).immediate()
  return {
    file: file.name,
    source: file.source,
    read: parsed.read,
    stored,
    unchanged: parsed.events.length - stored,
    skipped,
    skippedBy: parsed.skippedBy,
  }
}

interface EventRow {
  id: number
  source: StormSource
  source_id: string
  kind: StormEvent['kind']
  begin_ms: number
  local_time: string
  time_zone: string
  hail_in: number | null
  wind_kt: number | null
  tornado_scale: string | null
  magnitude_type: string | null
  latitude: number
  longitude: number
  county_zone: string | null
  state: string
  place: string | null
  file: string
}

const EVENT_COLUMNS = `e.id, e.source, e.source_id, e.kind, e.begin_ms, e.local_time, e.time_zone, e.hail_in,
  e.wind_kt, e.tornado_scale, e.magnitude_type, e.latitude, e.longitude, e.county_zone, e.state, e.place, e.file`

/** A stored event; its instant is kept as milliseconds (begin_ms), the column the queries range over. */
function toStormEvent(r: EventRow): StormEvent {
  const { beginMs, ...event } = camelRow(r)
  return { ...event, beginAt: new Date(beginMs) }
}

/**
 * The events in a box around `point` that reaches `radiusMi` in every direction, from fromMs to
 * toMs (both included), newest first. The caller keeps those truly within the radius.
 *
 * One storm, counted once: NCEI's final record replaces SPC's preliminary reports of the same
 * storms, month by month. So an SPC report counts only from NCEI's cut-off on (nceiCutoff: the
 * start of the month after the newest month with an NCEI event in the store, Denver standard
 * time); before it, NCEI's events alone count. With no NCEI data every SPC report counts.
 * docs/storm-data.md explains the rule.
 *
 * The R*Tree gives the candidates (CROSS JOIN keeps it first, so the time index over five
 * years of the whole store is never walked instead).
 */
export function findStormsNear(
  db: Db,
  point: LatLon,
  radiusMi: number,
  fromMs: number,
  toMs: number,
): StormEvent[] {
  const dLat = (radiusMi / MILES_PER_DEGREE_LAT) * BOX_MARGIN
  // Longitude degrees shrink towards the poles; take the box's widest latitude (nearest the pole).
  const poleward = Math.min(89, Math.abs(point.latitude) + dLat)
  const dLon =
    (radiusMi / (MILES_PER_DEGREE_LON_AT_EQUATOR * Math.cos((poleward * Math.PI) / 180))) * BOX_MARGIN
  const cutoff = nceiCutoff(db)
  const rows = prepare(
    db,
    `SELECT ${EVENT_COLUMNS}
     FROM storm_events_geo g CROSS JOIN storm_events e ON e.id = g.id
     WHERE g.min_lat <= ? AND g.max_lat >= ? AND g.min_lon <= ? AND g.max_lon >= ?
       AND e.begin_ms >= ? AND e.begin_ms <= ?
       AND (e.source = 'ncei' OR e.begin_ms >= ?)
     ORDER BY e.begin_ms DESC, e.id`,
  ).all(
    point.latitude + dLat,
    point.latitude - dLat,
    point.longitude + dLon,
    point.longitude - dLon,
    fromMs,
    toMs,
    cutoff ? cutoff.getTime() : Number.MIN_SAFE_INTEGER,
  ) as EventRow[]
  return rows.map(toStormEvent)
}

export function countStormEvents(db: Db): number {
  return (prepare(db, 'SELECT COUNT(*) AS n FROM storm_events').get() as { n: number }).n
}

/** The event that began last, of any source. */
export function newestStormEvent(db: Db): StormEvent | undefined {
  const row = prepare(
    db,
    `SELECT ${EVENT_COLUMNS} FROM storm_events e ORDER BY e.begin_ms DESC LIMIT 1`,
  ).get() as EventRow | undefined
  return row && toStormEvent(row)
}
