import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

/**
 * A temporary folder for the enclosing file or describe block, removed after it: one for all
 * its tests, or a fresh one for each test. Returns a getter (the folder exists once the
 * tests run).
 */
export function useTempDir(prefix: string, per: 'block' | 'test' = 'block'): () => string {
  let dir: string | undefined
  const [before, after] = per === 'test' ? [beforeEach, afterEach] : [beforeAll, afterAll]
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix))
  })
  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  })
  return () => {
    if (!dir) throw new Error('useTempDir: the folder exists once the tests run')
    return dir
  }
}
