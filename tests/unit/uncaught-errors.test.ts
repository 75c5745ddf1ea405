/**
 * An error that escapes every handler is logged at fatal level with the line the e2e teardown
 * and the fuzz script look for (core/platform/shutdown.ts, scripts/lib/uncaught-errors.ts), even when
 * another process-wide handler (Vike installs one that only prints it) keeps the process alive.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { uncaughtErrorsIn } from '../../scripts/lib/uncaught-errors'

const CHILD = `
import { createLogger } from './core/platform/logger'
import { logUncaughtErrors } from './core/platform/shutdown'
process.on('uncaughtException', () => {}) // as Vike's handler: the process lives on
logUncaughtErrors(createLogger('info'))
setTimeout(() => { throw new Error('thrown past a handler') }, 1)
setTimeout(() => { void Promise.reject(new Error('rejected with nobody awaiting')) }, 5)
setTimeout(() => process.exit(0), 50)
`

describe('errors that escape to the process', () => {
  test('are each logged once, at fatal level, with the line the checks look for', () => {
    const tsx = path.resolve('node_modules/.bin/tsx')
    const child = spawnSync(tsx, ['--input-type=module', '-e', CHILD], { encoding: 'utf8', timeout: 60_000 })
    const lines = uncaughtErrorsIn(child.stdout)
    // The two escape on different paths (a timer's throw, a rejection's microtask), and under load
    // the logger may write them in either order: what counts is that each is there, once.
    const seen = lines.map((line) => [line.level, (line.err as { message: string }).message, line.origin])
    expect(seen.sort((a, b) => String(a[1]).localeCompare(String(b[1])))).toEqual([
      [60, 'rejected with nobody awaiting', 'unhandledRejection'],
      [60, 'thrown past a handler', 'uncaughtException'],
    ])
  })

  test('a log without them has none', () => {
    expect(uncaughtErrorsIn('{"level":50,"msg":"request failed"}\nnot json\n')).toEqual([])
  })
})
