/**
 * The asset archive: the hashed files of earlier builds (scripts, styles, fonts under
 * /assets/), kept for a week after a deploy replaced them. A tab opened before a deploy still
 * runs the old page, and its form island asks for the old chunks when the visitor starts to
 * type; with the archive they load as they did, and the reload on a missing chunk
 * (client/script-layer/reload-on-new-build.ts) stays a last resort.
 *
 * The archive is a directory (ASSET_ARCHIVE_DIR; by default `asset-archive` beside the
 * database) laid out like dist/client/assets, so it can be served as /assets by the web
 * process (after the current build, server/app.ts) and by Caddy while the web is down. At
 * every start of the production server, `updateAssetArchive` copies the current build into
 * it and deletes the files that left the build more than a week ago. Hashed names never
 * change content, so a file already there is never copied again.
 *
 * When a file left the build is recorded in `.retired.json` in the archive (a dot file: the
 * static servers do not serve it). A file's own time cannot say it: a build can run for
 * weeks before the next deploy, and its files leave at that deploy, not when they arrived.
 */
import { randomUUID } from 'node:crypto'
import { copyFile, mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** How long a file stays after a deploy removed it from the build. */
export const ASSET_ARCHIVE_KEEP_MS = 7 * 24 * 60 * 60 * 1000
/** When each archived file left the build, by its path under /assets/ (ISO time). */
export const RETIRED_FILE = '.retired.json'
/** Half-written copies carry this in their name until they are renamed into place. */
const PARTIAL_MARK = '.partial-'

export interface AssetArchiveResult {
  /** Files of the current build copied in now. */
  copied: number
  /** Files kept from earlier builds (within the week). */
  kept: number
  /** Files of earlier builds deleted (more than a week gone). */
  pruned: number
}

/** Every file under `dir`, as paths relative to it with '/' separators; none when it is missing. */
async function filesUnder(dir: string): Promise<string[]> {
  let entries
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
}

async function readRetired(archiveDir: string): Promise<Record<string, string>> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path.join(archiveDir, RETIRED_FILE), 'utf8'))
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(
        Object.entries(parsed).filter(([, at]) => typeof at === 'string' && !Number.isNaN(Date.parse(at))),
      ) as Record<string, string>
    }
  } catch {
    // Missing or unreadable: every earlier file counts as leaving now, the safe side (kept a week).
  }
  return {}
}

/** Writes `data` to `file` under a temporary name first, so a reader never sees half a file. */
async function writeAtomically(file: string, write: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${file}${PARTIAL_MARK}${randomUUID()}`
  try {
    await write(partial)
    await rename(partial, file)
  } catch (err) {
    await rm(partial, { force: true })
    throw err
  }
}

/**
 * Copies the build's assets (`buildAssetsDir`, i.e. dist/client/assets) into `archiveDir`,
 * records when earlier files left the build, and deletes those gone for longer than
 * `keepMs`. Files of the current build are never deleted.
 */
export async function updateAssetArchive(
  buildAssetsDir: string,
  archiveDir: string,
  { now = new Date(), keepMs = ASSET_ARCHIVE_KEEP_MS }: { now?: Date; keepMs?: number } = {},
): Promise<AssetArchiveResult> {
  const current = await filesUnder(buildAssetsDir)
  if (!current.length) throw new Error(`no built assets in ${buildAssetsDir}: is the production build there?`)
  const inBuild = new Set(current)
  await mkdir(archiveDir, { recursive: true })
  let archived = await filesUnder(archiveDir)

  // A copy an earlier start left half-written (it stopped mid-way) is not an asset.
  for (const file of archived.filter((f) => f.includes(PARTIAL_MARK))) {
    await rm(path.join(archiveDir, file), { force: true })
  }
  archived = archived.filter((f) => !f.includes(PARTIAL_MARK) && f !== RETIRED_FILE)
  const present = new Set(archived)

  let copied = 0
  for (const file of current) {
    if (present.has(file)) continue
    const target = path.join(archiveDir, file)
    await mkdir(path.dirname(target), { recursive: true })
    await writeAtomically(target, (partial) => copyFile(path.join(buildAssetsDir, file), partial))
    copied += 1
  }

  const before = await readRetired(archiveDir)
  const retired: Record<string, string> = {}
  let kept = 0
  let pruned = 0
  for (const file of archived) {
    if (inBuild.has(file)) continue // Part of the build again (a rollback): no longer leaving.
    const since = before[file] ?? now.toISOString()
    if (now.getTime() - Date.parse(since) > keepMs) {
      await rm(path.join(archiveDir, file), { force: true })
      pruned += 1
    } else {
      retired[file] = since
      kept += 1
    }
  }
  await removeEmptyDirs(archiveDir)
  await writeAtomically(path.join(archiveDir, RETIRED_FILE), (partial) =>
    writeFile(partial, `${JSON.stringify(retired, null, 2)}\n`),
  )
  return { copied, kept, pruned }
}

/** Folders left empty by pruning (the archive's own folder stays). */
async function removeEmptyDirs(dir: string, isRoot = true): Promise<boolean> {
  let empty = true
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && (await removeEmptyDirs(path.join(dir, entry.name), false))) continue
    empty = false
  }
  if (empty && !isRoot) await rmdir(dir)
  return empty
}
