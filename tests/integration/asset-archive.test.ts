/**
 * The asset archive (server/http/asset-archive.ts): a tab opened before a deploy still gets
 * the old build's scripts for a week after the deploy, with the same cache headers as the
 * current build's; files of the running build are never deleted; what is gone is a 404.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import request from 'supertest'
import { expect, onTestFinished, test } from 'vitest'
import { createApp } from '../../server/app'
import { parseWebConfig } from '../../server/config'
import { createLogger } from '../../core/platform/logger'
import { ASSET_ARCHIVE_KEEP_MS, RETIRED_FILE, updateAssetArchive } from '../../server/http/asset-archive'
import { useTempDir } from '../support/temp-dir'
import { listenOnLoopback } from '../support/listen'

const DAY_MS = 24 * 60 * 60 * 1000
const tempDir = useTempDir('roofing-asset-archive-', 'test')

/** A build's assets folder holding `files` (path under /assets/ → content). */
function build(name: string, files: Record<string, string>): string {
  const dir = path.join(tempDir(), name, 'assets')
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    writeFileSync(path.join(dir, file), content)
  }
  return dir
}

const BUILD_A = {
  'entries/start.AAAA1111.js': 'console.log("build A")',
  'chunks/mount.AAAA2222.js': 'export const island = "A"',
  'static/index.CSS00001.css': 'body{color:#000}',
}
const BUILD_B = {
  'entries/start.BBBB1111.js': 'console.log("build B")',
  'chunks/mount.BBBB2222.js': 'export const island = "B"',
  'static/index.CSS00001.css': 'body{color:#000}', // unchanged between the builds
}

const retired = (archive: string) =>
  JSON.parse(readFileSync(path.join(archive, RETIRED_FILE), 'utf8')) as Record<string, string>

test('a deploy keeps the previous build’s files for a week after it, then deletes them; the running build’s never', async () => {
  const archive = path.join(tempDir(), 'archive')
  const t0 = new Date('2026-11-01T12:00:00Z')
  const a = build('a', BUILD_A)
  expect(await updateAssetArchive(a, archive, { now: t0 })).toEqual({ copied: 3, kept: 0, pruned: 0 })
  expect(readFileSync(path.join(archive, 'chunks/mount.AAAA2222.js'), 'utf8')).toBe(
    'export const island = "A"',
  )
  // Restarted a day later on the same build: nothing to copy, nothing leaving.
  expect(await updateAssetArchive(a, archive, { now: new Date(t0.getTime() + DAY_MS) })).toEqual({
    copied: 0,
    kept: 0,
    pruned: 0,
  })

  // Build A ran for 30 days; build B is deployed then. A's files leave now, not when they came.
  const deploy = new Date(t0.getTime() + 30 * DAY_MS)
  const b = build('b', BUILD_B)
  expect(await updateAssetArchive(b, archive, { now: deploy })).toEqual({ copied: 2, kept: 2, pruned: 0 })
  expect(retired(archive)).toEqual({
    'entries/start.AAAA1111.js': deploy.toISOString(),
    'chunks/mount.AAAA2222.js': deploy.toISOString(),
  })

  // Restarts within the week keep them, and keep their time of leaving.
  const almostAWeek = new Date(deploy.getTime() + ASSET_ARCHIVE_KEEP_MS)
  expect(await updateAssetArchive(b, archive, { now: almostAWeek })).toEqual({
    copied: 0,
    kept: 2,
    pruned: 0,
  })
  expect(existsSync(path.join(archive, 'entries/start.AAAA1111.js'))).toBe(true)

  // After the week, A's are deleted (and their emptied folders); B's and the shared file stay.
  const overAWeek = new Date(almostAWeek.getTime() + 1)
  expect(await updateAssetArchive(b, archive, { now: overAWeek })).toEqual({ copied: 0, kept: 0, pruned: 2 })
  expect(existsSync(path.join(archive, 'entries/start.AAAA1111.js'))).toBe(false)
  expect(existsSync(path.join(archive, 'chunks/mount.AAAA2222.js'))).toBe(false)
  for (const file of Object.keys(BUILD_B)) expect(existsSync(path.join(archive, file))).toBe(true)
  expect(retired(archive)).toEqual({})

  // A year on, the running build's files are still there, however old.
  expect(await updateAssetArchive(b, archive, { now: new Date(deploy.getTime() + 365 * DAY_MS) })).toEqual({
    copied: 0,
    kept: 0,
    pruned: 0,
  })
  for (const file of Object.keys(BUILD_B)) expect(existsSync(path.join(archive, file))).toBe(true)
})

test('a rollback to a build still in the archive takes its files off the leaving list', async () => {
  const archive = path.join(tempDir(), 'archive')
  const t0 = new Date('2026-11-01T12:00:00Z')
  const a = build('a', BUILD_A)
  const b = build('b', BUILD_B)
  await updateAssetArchive(a, archive, { now: t0 })
  await updateAssetArchive(b, archive, { now: new Date(t0.getTime() + DAY_MS) })
  // Back to A two days later: A's files stay for good, B's leave now.
  const rollback = new Date(t0.getTime() + 2 * DAY_MS)
  expect(await updateAssetArchive(a, archive, { now: rollback })).toEqual({ copied: 0, kept: 2, pruned: 0 })
  expect(retired(archive)).toEqual({
    'entries/start.BBBB1111.js': rollback.toISOString(),
    'chunks/mount.BBBB2222.js': rollback.toISOString(),
  })
  const later = new Date(rollback.getTime() + ASSET_ARCHIVE_KEEP_MS + 1)
  expect(await updateAssetArchive(a, archive, { now: later })).toEqual({ copied: 0, kept: 0, pruned: 2 })
  for (const file of Object.keys(BUILD_A)) expect(existsSync(path.join(archive, file))).toBe(true)
})

test('a copy left half-written by an interrupted start is removed; a lost list keeps every earlier file a week', async () => {
  const archive = path.join(tempDir(), 'archive')
  const t0 = new Date('2026-11-01T12:00:00Z')
  await updateAssetArchive(build('a', BUILD_A), archive, { now: t0 })
  const partial = path.join(archive, 'chunks/mount.BBBB2222.js.partial-0b1c')
  writeFileSync(partial, 'export const isl')
  writeFileSync(path.join(archive, RETIRED_FILE), 'not json')
  const deploy = new Date(t0.getTime() + 30 * DAY_MS)
  expect(await updateAssetArchive(build('b', BUILD_B), archive, { now: deploy })).toEqual({
    copied: 2,
    kept: 2,
    pruned: 0,
  })
  expect(existsSync(partial)).toBe(false)
  expect(readFileSync(path.join(archive, 'chunks/mount.BBBB2222.js'), 'utf8')).toBe(
    'export const island = "B"',
  )
  expect(Object.values(retired(archive))).toEqual([deploy.toISOString(), deploy.toISOString()])
})

test('an empty or missing build is refused, naming the folder, and the archive is left as it was', async () => {
  const archive = path.join(tempDir(), 'archive')
  await updateAssetArchive(build('a', BUILD_A), archive)
  const missing = path.join(tempDir(), 'nowhere', 'assets')
  await expect(updateAssetArchive(missing, archive)).rejects.toThrow(`no built assets in ${missing}`)
  for (const file of Object.keys(BUILD_A)) expect(existsSync(path.join(archive, file))).toBe(true)
})

test('/assets serves the current build, then the archive, with the same year-long immutable caching; a missing file is a 404', async () => {
  const clientDir = path.join(tempDir(), 'client')
  const current = build('client', BUILD_B)
  const archive = path.join(tempDir(), 'archive')
  const t0 = new Date()
  await updateAssetArchive(build('a', BUILD_A), archive, { now: new Date(t0.getTime() - DAY_MS) })
  await updateAssetArchive(current, archive, { now: t0 })
  const { server: app, close } = await listenOnLoopback(
    createApp({
      config: parseWebConfig({ NODE_ENV: 'test', ASSET_ARCHIVE_DIR: archive }),
      logger: createLogger('silent'),
      clientDistDir: clientDir,
    }),
  )
  onTestFinished(close)

  const fresh = await request(app).get('/assets/entries/start.BBBB1111.js')
  expect(fresh.status).toBe(200)
  const old = await request(app).get('/assets/chunks/mount.AAAA2222.js')
  expect(old.status).toBe(200)
  expect(old.text).toBe('export const island = "A"')
  expect(old.headers['content-type']).toMatch(/^text\/javascript/)
  expect(old.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(old.headers['cache-control']).toBe(fresh.headers['cache-control'])
  // The security headers every answer carries.
  expect(old.headers['x-content-type-options']).toBe(fresh.headers['x-content-type-options'])
  expect(old.headers['x-content-type-options']).toBe('nosniff')

  for (const url of ['/assets/chunks/mount.CCCC2222.js', `/assets/${RETIRED_FILE}`]) {
    const gone = await request(app).get(url)
    expect(gone.status, url).toBe(404)
    expect(gone.headers['content-type'], url).not.toMatch(/html/)
  }

  // Pruned after the week: the old file is gone from /assets too.
  await updateAssetArchive(current, archive, { now: new Date(t0.getTime() + ASSET_ARCHIVE_KEEP_MS + 1) })
  expect((await request(app).get('/assets/chunks/mount.AAAA2222.js')).status).toBe(404)
  expect((await request(app).get('/assets/entries/start.BBBB1111.js')).status).toBe(200)
})

test('ASSET_ARCHIVE_DIR defaults to a folder beside the database', () => {
  expect(parseWebConfig({ DATABASE_PATH: '/srv/site/roofing.db' }).assetArchiveDir).toBe(
    '/srv/site/asset-archive',
  )
  expect(parseWebConfig({ ASSET_ARCHIVE_DIR: '/srv/assets' }).assetArchiveDir).toBe('/srv/assets')
})
