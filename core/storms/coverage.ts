/**
 * What the storm store covers (docs/storm-data.md): NCEI's cut-off (where its final record
 * ends and SPC's preliminary reports take over), how far each source's data goes, and the files
 * already imported. Functions take the db first and use prepared statements.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import type { StormSource } from './types'

const MS_PER_HOUR = 3_600_000
/**
 * NCEI's months are read in Denver's standard time (UTC-7), the business's own: the month of
 * an event and the cut-off below are taken there, the same way all year.
 */
const DENVER_STANDARD_OFFSET_MS = -7 * MS_PER_HOUR

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

/**
 * NCEI's cut-off: the first instant after the newest month with an NCEI event in the store,
 * i.e. the 1st of the next month at 00:00 Denver standard time (07:00 UTC). Null when the store
 * holds no NCEI event.
 */
export function nceiCutoff(db: Db): Date | null {
  const newest = newestNceiMs(db)
  if (newest === null) return null
  // Shifted by the offset, the UTC fields read Denver standard time; Date.UTC carries month 12 into January.
  const local = new Date(newest + DENVER_STANDARD_OFFSET_MS)
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - DENVER_STANDARD_OFFSET_MS)
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
