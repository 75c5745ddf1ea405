/**
 * Storm events for a benchmark's store (scripts/hail-report-bench.ts, scripts/memory-bench.ts):
 * hail, wind and tornado reports spread over the Denver metro around Parker, five years of them,
 * dense enough that a weather report for a home in Parker lists about 350 storms.
 */
import type { Db } from '../../core/platform/db/connection'
import { storeStormFile } from '../../core/storms/events'
import type { StormEventInput } from '../../core/storms/types'

/** Stores `events` as one storm file called `name`, every row of it read and none skipped, at `at`. */
export function storeBenchEvents(
  db: Db,
  name: string,
  events: StormEventInput[],
  at: Date,
  source: 'ncei' | 'spc' = 'ncei',
): void {
  storeStormFile(db, { name, source }, { events, read: events.length, skippedBy: {} }, at)
}

/** Where the benches' geocoder stand-in places every home. */
export const PARKER = { latitude: 39.5186, longitude: -104.7614 }

/** Storms spread over the metro (about 60 × 60 miles), five years of them. */
export function metroStorms(count: number): StormEventInput[] {
  const now = Date.now()
  return Array.from({ length: count }, (_, i) => {
    const kind = (['hail', 'hail', 'wind', 'tornado'] as const)[i % 4]!
    const beginAt = new Date(now - ((i * 7919) % (5 * 365)) * 86_400_000 - (i % 24) * 3_600_000)
    return {
      source: 'ncei',
      sourceId: `bench-${i}`,
      kind,
      beginAt,
      localTime: beginAt.toISOString(),
      timeZone: 'MST-7',
      hailIn: kind === 'hail' ? [0.75, 1, 1.25, 1.75, 2.5][i % 5]! : null,
      windKt: kind === 'wind' ? 50 + (i % 30) : null,
      tornadoScale: kind === 'tornado' ? 'EF0' : null,
      magnitudeType: kind === 'wind' ? 'EG' : null,
      latitude: PARKER.latitude + (((i * 37) % 1000) / 1000 - 0.5) * 0.9,
      longitude: PARKER.longitude + (((i * 61) % 1000) / 1000 - 0.5) * 1.1,
      countyZone: 'DOUGLAS',
      state: 'CO',
      place: 'Parker',
    }
  })
}
