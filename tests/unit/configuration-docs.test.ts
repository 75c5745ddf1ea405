/**
 * docs/configuration.md against the schemas: every variable a process reads has one row, the
 * row names exactly the processes whose schema reads it, and a default the schema gives is the
 * default the row states. A variable added to a schema without its row fails here.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import type { z } from 'zod'
import { AdminConfigSchema } from '../../admin/config'
import { WebConfigSchema } from '../../server/config'
import { WorkerConfigSchema } from '../../worker/config'
import { HealthCheckConfigSchema } from '../../worker/heartbeat'

const SCHEMAS: Record<string, z.ZodType> = {
  web: WebConfigSchema,
  worker: WorkerConfigSchema,
  admin: AdminConfigSchema,
  healthcheck: HealthCheckConfigSchema,
}

/** The object of variables under a schema's checks and transforms. */
function variablesOf(schema: z.ZodType): Record<string, z.ZodType> {
  let inner = schema as z.ZodType & { in?: z.ZodType; shape?: Record<string, z.ZodType> }
  while (!inner.shape && inner.in) inner = inner.in as typeof inner
  if (!inner.shape) throw new Error('a configuration schema is an object of variables under its transform')
  return inner.shape
}

interface DocRow {
  variables: string[]
  readBy: string[]
  defaultCell: string
}

/** Every row of the tables that have a "read by" column. */
function docRows(): DocRow[] {
  const doc = readFileSync(path.resolve('docs/configuration.md'), 'utf8')
  const rows: DocRow[] = []
  let columns: string[] | undefined
  for (const line of doc.split('\n')) {
    if (!line.startsWith('|')) {
      columns = undefined
      continue
    }
    const cells = line
      .slice(1, -1)
      .split(' | ')
      .map((c) => c.trim())
    if (!columns) {
      columns = cells
      continue
    }
    if (cells[0]?.startsWith('---') || !columns.includes('read by')) continue
    rows.push({
      variables: [...cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!),
      readBy: cells[columns.indexOf('read by')]!.split(',').map((p) => p.trim()),
      defaultCell: cells[columns.indexOf('default')] ?? '',
    })
  }
  return rows
}

/** What a variable is when it is not set, as the docs would write it ('' when nothing is given). */
function defaultOf(variable: z.ZodType): string {
  const result = variable.safeParse(undefined)
  if (!result.success || result.data === undefined) return ''
  const value = result.data as unknown
  if (Array.isArray(value)) return value.join(', ')
  // A default in the temporary folder is documented by its file name (the folder differs per machine).
  if (typeof value === 'string' && path.isAbsolute(value)) return path.basename(value)
  return String(value)
}

const readers = new Map<string, { processes: string[]; variable: z.ZodType }>()
for (const [process, schema] of Object.entries(SCHEMAS)) {
  for (const [name, variable] of Object.entries(variablesOf(schema))) {
    const entry = readers.get(name) ?? { processes: [], variable }
    entry.processes.push(process)
    readers.set(name, entry)
  }
}
const rows = docRows()

test('every variable a process reads has exactly one row, naming the processes that read it', () => {
  for (const [name, { processes }] of readers) {
    const matching = rows.filter((r) => r.variables.includes(name))
    expect(matching, `docs/configuration.md rows for ${name}`).toHaveLength(1)
    expect(matching[0]!.readBy.sort(), `who reads ${name}`).toEqual([...processes].sort())
  }
})

test('a row names no variable that no process reads, but for the ones compose reads itself', () => {
  for (const row of rows) {
    for (const name of row.variables) {
      if (row.readBy.includes('compose')) expect(readers.has(name), `${name} is compose's own`).toBe(false)
      else expect(readers.has(name), `${name} is read by some process`).toBe(true)
    }
  }
})

test('the default each row states is the schema’s', () => {
  for (const [name, { variable }] of readers) {
    const row = rows.find((r) => r.variables.includes(name))!
    const expected = defaultOf(variable)
    if (expected) expect(row.defaultCell, `default of ${name}`).toContain(`\`${expected}\``)
    else expect(row.defaultCell, `default of ${name}`).not.toMatch(/^`[^`]*`$/)
  }
})
