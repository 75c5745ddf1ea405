/** Small text helpers of site-admin: durations, sizes, times and plain-text tables. */

export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }

/**
 * `--since`: an age (30m, 24h, 7d, 2w) counted back from now, or a date (2026-01-31, taken
 * as midnight UTC) or an ISO date-time.
 */
export function parseSince(value: string, now: Date): Date {
  const v = value.trim()
  const age = /^(\d+)\s*([mhdw])$/i.exec(v)
  if (age) return new Date(now.getTime() - Number(age[1]) * UNIT_MS[age[2]!.toLowerCase()]!)
  if (/^\d{4}-\d\d-\d\d$/.test(v) || /^\d{4}-\d\d-\d\dT[\d:.]+(Z|[+-]\d\d:?\d\d)$/i.test(v)) {
    const date = new Date(/T/i.test(v) ? v : `${v}T00:00:00Z`)
    if (!Number.isNaN(date.getTime())) return date
  }
  throw new UsageError(
    `--since "${value}" is not an age such as 30m, 24h, 7d or 2w, nor a date such as 2026-01-31.`,
  )
}

export function parseLimit(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new UsageError(`--limit "${value}" must be a whole number of leads, 1 or more.`)
  return Number(value)
}

/** `2026-11-22 14:03` (UTC) from an ISO time; '' for null. */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return ''
  return iso.replace('T', ' ').slice(0, 16)
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export function formatAge(ms: number): string {
  const minutes = Math.round(ms / 60_000)
  if (minutes < 90) return `${minutes} min`
  const hours = Math.round(ms / 3_600_000)
  if (hours < 48) return `${hours} h`
  return `${Math.round(ms / 86_400_000)} days`
}

function clip(value: string, width: number): string {
  const oneLine = value.replace(/\s+/g, ' ')
  return oneLine.length > width ? `${oneLine.slice(0, width - 1)}…` : oneLine
}

/**
 * A plain-text table: a header row and left-aligned columns; a column wider than its
 * maximum (default 28, `Infinity` for ids) is cut with an ellipsis.
 */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  maxWidths: readonly number[] = [],
): string {
  const widths = header.map((h, i) =>
    Math.min(
      Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)),
      Math.max(maxWidths[i] ?? 28, h.length),
    ),
  )
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => clip(c, widths[i]!).padEnd(widths[i]!))
      .join('  ')
      .trimEnd()
  return [line(header), ...rows.map(line)].join('\n')
}
