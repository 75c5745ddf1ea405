/**
 * The storm reports in the lead database (migration 006; docs/storm-data.md): storing an
 * imported file's events, the query of a report (the events near a point over a period), what
 * the data covers, and the refresh's last outcome. Functions take the db first and use
 * prepared statements; a write runs in an IMMEDIATE transaction.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
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

export interface RefreshState {
  startedAt: string
  finishedAt: string | undefined
  outcome: 'ok' | 'failed' | undefined
  detail: string | undefined
  nextAt: string | undefined
}

const MS_PER_HOUR = 3_600_000
/**
 * NCEI's months are read in Denver's standard time (UTC-7), the business's own: the month of
 * an event and the cut-off below are taken there, the same way all year.
 */
const DENVER_STANDARD_OFFSET_MS = -7 * MS_PER_HOUR
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

/** The newest NCEI event's begin_ms, kept per connection with the highest event id it has seen. */
const newestNceiCache = new WeakMap<Db, { maxId: number; newestNceiMs: number | null }>()

/**
 * The begin of the newest NCEI event. Found from scratch, it walks the time index from the
 * newest end past every SPC report after it (some 100 ms on a national store), and a report
 * asks for it every time. Events are only ever added, with growing ids, so it is kept per
 * connection with the highest id it covered, and only the events stored since are read again
 * (by id: a refresh's few thousand rows, whichever process stored them).
 */
function newestNceiMs(db: Db): number | null {
  const maxId = (prepare(db, 'SELECT MAX(id) AS id FROM storm_events').get() as { id: number | null }).id ?? 0
  const cached = newestNceiCache.get(db)
  if (cached && cached.maxId === maxId) return cached.newestNceiMs
  let newest: number | null
  if (cached && cached.maxId < maxId) {
    const added = prepare(
      db,
      // By id: `+source` and `begin_ms + 0` keep SQLite off the (source, source_id) index and the
      // time index, either of which would read far more than the new rows.
      "SELECT MAX(begin_ms + 0) AS ms FROM storm_events WHERE id > ? AND +source = 'ncei'",
    ).get(cached.maxId) as { ms: number | null }
    newest = Math.max(cached.newestNceiMs ?? -Infinity, added.ms ?? -Infinity)
    if (newest === -Infinity) newest = null
  } else {
    // From the newest end of the time index: it passes only the SPC reports after NCEI's newest.
    const all = prepare(
      db,
      "SELECT begin_ms AS ms FROM storm_events INDEXED BY storm_events_time WHERE source = 'ncei' ORDER BY begin_ms DESC LIMIT 1",
    ).get() as { ms: number } | undefined
    newest = all?.ms ?? null
  }
  newestNceiCache.set(db, { maxId, newestNceiMs: newest })
  return newest
}

/** [year, month (1-12)] of an instant in Denver standard time. */
function denverMonth(ms: number): [number, number] {
  const local = new Date(ms + DENVER_STANDARD_OFFSET_MS)
  return [local.getUTCFullYear(), local.getUTCMonth() + 1]
}

/** The instant a Denver-standard-time month starts (month may be 13: January of the next year). */
function denverMonthStart(year: number, month: number): Date {
  return new Date(Date.UTC(year, month - 1, 1) - DENVER_STANDARD_OFFSET_MS)
}

/**
 * NCEI's cut-off: the first instant after the newest month with an NCEI event in the store,
 * i.e. the 1st of the next month at 00:00 Denver standard time (07:00 UTC). Null when the store
 * holds no NCEI event.
 */
export function nceiCutoff(db: Db): Date | null {
  const newest = newestNceiMs(db)
  if (newest === null) return null
  const [year, month] = denverMonth(newest)
  return denverMonthStart(year, month + 1)
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

function toStormEvent(r: EventRow): StormEvent {
  return {
    id: r.id,
    source: r.source,
    sourceId: r.source_id,
    kind: r.kind,
    beginAt: new Date(r.begin_ms),
    localTime: r.local_time,
    timeZone: r.time_zone,
    hailIn: r.hail_in,
    windKt: r.wind_kt,
    tornadoScale: r.tornado_scale,
    magnitudeType: r.magnitude_type,
    latitude: r.latitude,
    longitude: r.longitude,
    countyZone: r.county_zone,
    state: r.state,
    place: r.place,
    file: r.file,
  }
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

/** 'YYYY-MM-DD' of a UTC date. */
function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/**
 * How far the data goes: the last day of the newest NCEI month (Denver standard time) and the
 * newest SPC report day imported (a day without reports counts: its file was read).
 */
export function stormDataThrough(db: Db): { nceiThrough: string | null; spcThrough: string | null } {
  const cutoff = nceiCutoff(db)
  // The cut-off is the next month's first instant in Denver; a millisecond before it, in Denver, is the last day.
  const nceiThrough = cutoff ? isoDay(new Date(cutoff.getTime() - 1 + DENVER_STANDARD_OFFSET_MS)) : null
  const row = prepare(
    db,
    `SELECT MAX('20' || substr(name, 1, 2) || '-' || substr(name, 3, 2) || '-' || substr(name, 5, 2)) AS day
     FROM storm_files WHERE source = 'spc'`,
  ).get() as { day: string | null }
  return { nceiThrough, spcThrough: row.day }
}

/** The names of the files of a source already imported (the refresh skips them). */
export function importedFiles(db: Db, source: StormSource): string[] {
  return (
    prepare(db, 'SELECT name FROM storm_files WHERE source = ? ORDER BY name').all(source) as {
      name: string
    }[]
  ).map((r) => r.name)
}

export function countStormEvents(db: Db): number {
  return (prepare(db, 'SELECT COUNT(*) AS n FROM storm_events').get() as { n: number }).n
}

/** A refresh begins: its outcome is cleared until it ends. */
export function recordRefreshStart(db: Db, at: Date): void {
  db.transaction(() => {
    prepare(
      db,
      `INSERT INTO storm_refresh (id, started_at) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET started_at = excluded.started_at, finished_at = NULL, outcome = NULL,
         detail = NULL`,
    ).run(at.toISOString())
  }).immediate()
}

/** A refresh ended, well or not, and when the next one is due. */
export function recordRefreshOutcome(
  db: Db,
  r: { finishedAt: Date; outcome: 'ok' | 'failed'; detail: string; nextAt: Date },
): void {
  db.transaction(() => {
    // A start is normally recorded first; the start time falls back to the end so the row is whole.
    prepare(
      db,
      `INSERT INTO storm_refresh (id, started_at, finished_at, outcome, detail, next_at) VALUES (1, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET finished_at = excluded.finished_at, outcome = excluded.outcome,
         detail = excluded.detail, next_at = excluded.next_at`,
    ).run(r.finishedAt.toISOString(), r.finishedAt.toISOString(), r.outcome, r.detail, r.nextAt.toISOString())
  }).immediate()
}

export function readRefreshState(db: Db): RefreshState | undefined {
  const row = prepare(
    db,
    'SELECT started_at, finished_at, outcome, detail, next_at FROM storm_refresh WHERE id = 1',
  ).get() as
    | {
        started_at: string
        finished_at: string | null
        outcome: 'ok' | 'failed' | null
        detail: string | null
        next_at: string | null
      }
    | undefined
  return (
    row && {
      startedAt: row.started_at,
      finishedAt: row.finished_at ?? undefined,
      outcome: row.outcome ?? undefined,
      detail: row.detail ?? undefined,
      nextAt: row.next_at ?? undefined,
    }
  )
}

export interface StormStatus {
  /** Events per source and year (UTC), with the kinds, oldest year first. */
  years: { source: StormSource; year: number; events: number; hail: number; wind: number; tornado: number }[]
  total: number
  newest: StormEvent | undefined
  files: { source: StormSource; count: number }[]
  through: { nceiThrough: string | null; spcThrough: string | null }
  refresh: RefreshState | undefined
}

/** What `site-admin storms status` shows: what the store holds and how the last refresh went. */
export function stormStatus(db: Db): StormStatus {
  const years = prepare(
    db,
    `SELECT source, CAST(substr(begin_at, 1, 4) AS INTEGER) AS year, COUNT(*) AS events,
       SUM(kind = 'hail') AS hail, SUM(kind = 'wind') AS wind, SUM(kind = 'tornado') AS tornado
     FROM storm_events GROUP BY source, year ORDER BY source, year`,
  ).all() as StormStatus['years']
  const newest = prepare(
    db,
    `SELECT ${EVENT_COLUMNS} FROM storm_events e ORDER BY e.begin_ms DESC LIMIT 1`,
  ).get() as EventRow | undefined
  const files = prepare(
    db,
    'SELECT source, COUNT(*) AS count FROM storm_files GROUP BY source ORDER BY source',
  ).all() as StormStatus['files']
  return {
    years,
    total: years.reduce((sum, y) => sum + y.events, 0),
    newest: newest && toStormEvent(newest),
    files,
    through: stormDataThrough(db),
    refresh: readRefreshState(db),
  }
}
