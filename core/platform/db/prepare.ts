import type { Statement } from 'better-sqlite3'
import type { Db } from './connection'

const statements = new WeakMap<Db, Map<string, Statement>>()

/** One prepared statement per SQL text per connection, so a hot path never re-parses SQL. */
export function prepare(db: Db, sql: string): Statement {
  let cache = statements.get(db)
  if (!cache) statements.set(db, (cache = new Map()))
  let statement = cache.get(sql)
  if (!statement) cache.set(sql, (statement = db.prepare(sql)))
  return statement
}

/**
 * Runs one write statement in a transaction that takes the write lock as it begins (BEGIN
 * IMMEDIATE), as the stores' other writes do; returns how many rows it changed.
 */
export function runImmediate(db: Db, sql: string, ...params: unknown[]): number {
  return db.transaction(() => prepare(db, sql).run(...params).changes).immediate()
}
