/**
 * A row as SQLite gives it (snake_case columns) as the stores hand it on (camelCase fields): the
 * one mapping every store's row shares, so a store writes out only what it changes (a 0/1 that
 * is a boolean, milliseconds that are a Date).
 */

/** 'next_attempt_at' → 'nextAttemptAt', as a type. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S

/** A row's fields under their camelCase names, with the same types. */
export type CamelRow<Row> = { [K in keyof Row & string as CamelCase<K>]: Row[K] }

/** Each column name's camelCase name, worked out once: rows of the same query share them. */
const camelNames = new Map<string, string>()

function camelName(column: string): string {
  let name = camelNames.get(column)
  if (name === undefined) {
    name = column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    camelNames.set(column, name)
  }
  return name
}

/** The row with each column under its camelCase name, in the row's column order. */
export function camelRow<Row extends object>(row: Row): CamelRow<Row> {
  const out: Record<string, unknown> = {}
  for (const [column, value] of Object.entries(row)) out[camelName(column)] = value
  return out as CamelRow<Row>
}
