/**
 * A storm day's radar hail stored as the import stores it (core/storms/radar/store.ts), without
 * a MESH file: every cell within `radiusMi` of each swath's centre gets the swath's size. For the
 * storm response's tests that need a day quickly (writing a GRIB2 file takes ecCodes).
 */
import { distanceMi } from '../../core/platform/geography'
import type { Db } from '../../core/platform/db/connection'
import { cellCentre, cellOf } from '../../core/storms/radar/mesh-file'
import { inToMm10, storeMeshDay } from '../../core/storms/radar/store'
import type { LatLon } from '../../core/storms/types'

export interface Swath {
  centre: LatLon
  radiusMi: number
  inches: number
}

/** Stores `day` (YYYY-MM-DD) as landed at `landedAt` (radar_days.imported_at). */
export function storeStormDay(db: Db, day: string, swaths: readonly Swath[], landedAt: Date): void {
  const cells = new Map<string, { row: number; col: number; mm: number }>()
  for (const s of swaths) {
    const centre = cellOf(s.centre)
    const reach = Math.ceil(s.radiusMi / 0.6) + 1
    for (let row = centre.row - reach; row <= centre.row + reach; row++)
      for (let col = centre.col - reach; col <= centre.col + reach; col++) {
        if (distanceMi(cellCentre(row, col), s.centre) > s.radiusMi) continue
        const mm = inToMm10(s.inches) / 10
        const key = `${row}:${col}`
        if ((cells.get(key)?.mm ?? 0) < mm) cells.set(key, { row, col, mm })
      }
  }
  const list = [...cells.values()].sort((a, b) => a.row - b.row || a.col - b.col)
  const next = new Date(`${day}T12:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  storeMeshDay(
    db,
    {
      file: `MRMS_MESH_Max_1440min_00.50_${next.toISOString().slice(0, 10).replace(/-/g, '')}-060000.grib2.gz`,
      validAt: new Date(`${next.toISOString().slice(0, 10)}T06:00:00Z`),
      day,
      cells: list,
      maxMm: Math.max(0, ...list.map((c) => c.mm)),
      dropped: { isolated: 0, unsupported: 0, beyondLimit: 0 },
      coveredCells: 13_000,
    },
    landedAt,
  )
}
