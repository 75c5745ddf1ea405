/**
 * The storm refresh's bookkeeping in the lead database (storm_refresh, one row): when the last
 * refresh started and ended, how it went, and when the next is due (docs/storm-data.md). A
 * write runs in an IMMEDIATE transaction.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'

export interface RefreshState {
  startedAt: string
  finishedAt: string | undefined
  outcome: 'ok' | 'failed' | undefined
  detail: string | undefined
  nextAt: string | undefined
  /** Why the refresh stopped its radar step early (several days in a row failed), when it did. */
  radarStopped: string | undefined
}

/** A refresh begins: its outcome is cleared until it ends. */
export function recordRefreshStart(db: Db, at: Date): void {
  db.transaction(() => {
    prepare(
      db,
      `INSERT INTO storm_refresh (id, started_at) VALUES (1, ?)
       ON CONFLICT (id) DO UPDATE SET started_at = excluded.started_at, finished_at = NULL, outcome = NULL,
         detail = NULL, radar_stopped = NULL`,
    ).run(at.toISOString())
  }).immediate()
}

/** A refresh ended, well or not, and when the next one is due. */
export function recordRefreshOutcome(
  db: Db,
  r: { finishedAt: Date; outcome: 'ok' | 'failed'; detail: string; nextAt: Date; radarStopped?: string },
): void {
  db.transaction(() => {
    // A start is normally recorded first; the start time falls back to the end so the row is whole.
    prepare(
      db,
      `INSERT INTO storm_refresh (id, started_at, finished_at, outcome, detail, next_at, radar_stopped)
       VALUES (1, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET finished_at = excluded.finished_at, outcome = excluded.outcome,
         detail = excluded.detail, next_at = excluded.next_at, radar_stopped = excluded.radar_stopped`,
    ).run(
      r.finishedAt.toISOString(),
      r.finishedAt.toISOString(),
      r.outcome,
      r.detail,
      r.nextAt.toISOString(),
      r.radarStopped ?? null,
    )
  }).immediate()
}

export function readRefreshState(db: Db): RefreshState | undefined {
  const row = prepare(
    db,
    'SELECT started_at, finished_at, outcome, detail, next_at, radar_stopped FROM storm_refresh WHERE id = 1',
  ).get() as
    | {
        started_at: string
        finished_at: string | null
        outcome: 'ok' | 'failed' | null
        detail: string | null
        next_at: string | null
        radar_stopped: string | null
      }
    | undefined
  return (
    row && {
      startedAt: row.started_at,
      finishedAt: row.finished_at ?? undefined,
      outcome: row.outcome ?? undefined,
      detail: row.detail ?? undefined,
      nextAt: row.next_at ?? undefined,
      radarStopped: row.radar_stopped ?? undefined,
    }
  )
}
