/**
 * The memory settings docker-compose.yml gives the web process and the worker (NODE_OPTIONS and
 * MALLOC_ARENA_MAX), read from the file itself so the benchmarks run the processes as the
 * containers do (scripts/memory-bench.ts; scripts/lib/harness.ts when BENCH_COMPOSE_ENV is set).
 */
import { readFileSync } from 'node:fs'

const KEYS = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'] as const

/** `key: value` settings of the lines given, for the KEYS above (quotes removed). */
function settingsIn(lines: readonly string[]): Record<string, string> {
  const found: Record<string, string> = {}
  for (const line of lines) {
    const m = /^\s+([A-Z_]+):\s*'?([^'#]*?)'?\s*$/.exec(line)
    if (m && (KEYS as readonly string[]).includes(m[1]!)) found[m[1]!] = m[2]!
  }
  return found
}

/** The block of the file from the line `start` matches to the next line at its indentation or less. */
function block(lines: readonly string[], start: RegExp): string[] {
  const i = lines.findIndex((l) => start.test(l))
  if (i < 0) return []
  const indent = /^\s*/.exec(lines[i]!)![0].length
  const end = lines.findIndex((l, j) => j > i && l.trim() !== '' && /^\s*/.exec(l)![0].length <= indent)
  return lines.slice(i + 1, end < 0 ? undefined : end)
}

/** The settings of `service` (x-app-environment's, then the service's own environment's). */
export function composeMemoryEnv(
  service: 'web' | 'worker',
  file = 'docker-compose.yml',
): Record<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n')
  return {
    ...settingsIn(block(lines, /^x-app-environment:/)),
    ...settingsIn(block(lines, new RegExp(`^  ${service}:\\s*$`))),
  }
}
