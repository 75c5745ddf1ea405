/**
 * The pages Caddy serves from files: in the normal case, instead of asking the web process for
 * them (docs/decisions/021-pages-from-files-first.md), and while the web process is down
 * (docs/decisions/016-pages-without-the-web-process.md).
 *
 * When it starts, and again at the start of each new day in Denver (pages show today's date),
 * the web process asks itself over loopback for every route of the route table and for an
 * unknown path, exactly as a browser would (once plainly, once with gzip), and writes the bytes
 * it answered into FALLBACK_DIR, a volume Caddy mounts read-only, with a Brotli copy beside the
 * gzip one. A page's file is therefore the page the web serves, byte for byte. Beside them goes
 * the page a form post gets while the web is down (the 404 page's layout, saying nothing was
 * saved, the phone number, and to try again in a minute).
 *
 * Written atomically: each set goes into a temporary folder, which is renamed to
 * `pages-<time>`, and then the symbolic link `current` (the folder Caddy serves while the web is
 * down) is replaced by a rename, so Caddy sees the old set or the new one, never a half-written
 * one. The previous set is kept (a file Caddy has open stays readable anyway); older ones are
 * removed.
 *
 * Caddy serves a set in the normal case only through `hours/`: one link per hour (UTC) of the
 * day in Denver the set shows, from the hour it was written to the last one before midnight
 * (`hours/2026-Nov-28T17` → `../pages-…`), which Caddy looks up from its own clock on every
 * request. So no file is served once its day is over (no link for the new day's hours until
 * the new set is written: meanwhile Caddy asks the web process), and none of an earlier build
 * or configuration: the web process removes every link when it starts (retirePageLinks),
 * before it writes its own set.
 *
 * Layout of a set: `index.html` for /, `<path>.html` for every other route (so
 * `service-areas.html` and `service-areas/denver-co.html`), `404.html`, `unavailable.html`, each
 * with its `.gz` and `.br`, and `fallback.json` (when, which routes, for which day).
 */
import { request } from 'node:http'
import { mkdir, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlibConstants, gzipSync } from 'node:zlib'
import { localTime } from '../../core/platform/business-time'
import type { Logger } from '../../core/platform/logger'
import { localParts, MONTHS } from '../../shared/business-time'
import { telHref } from '../../shared/business'
import { ALL_ROUTES } from '../../shared/routes'
import { escapeHtml } from './escape-html'
import { businessDayOf } from './page-cache'

/** The link Caddy's root points at while the web process is down. */
export const CURRENT_LINK = 'current'
/** The folder of the hours' links Caddy serves pages from in the normal case. */
export const HOURS_DIR = 'hours'
/** The files of the two pages that are no route. */
export const NOT_FOUND_FILE = '404.html'
export const UNAVAILABLE_FILE = 'unavailable.html'
export const MANIFEST_FILE = 'fallback.json'
/** A path no route will ever have, asked for to get the 404 page. */
const NOT_FOUND_PROBE = '/.fallback-pages/not-found'
/** The wording of the page a form post gets while the web is down (Caddy also says it in JSON). */
export const UNAVAILABLE_TITLE = 'Your request was not sent'

export interface FallbackManifest {
  writtenAt: string
  /** The calendar day in Denver whose pages these are ('2026-11-28'). */
  day: string
  /** The hours (UTC) Caddy serves this set in the normal case: the names of their links. */
  hours: string[]
  routes: { path: string; file: string; bytes: number }[]
}

export interface FallbackWriterOptions {
  /** FALLBACK_DIR: where the sets and the `current` link go. */
  dir: string
  /** Where this web process answers, e.g. http://127.0.0.1:3000. */
  origin: string
  business: { name: string; phone: string }
  logger: Logger
  now?: () => Date
}

/** The file of a route's page in a set: `/` → index.html, `/a/b` → a/b.html. */
export function fileOfRoute(routePath: string): string {
  return routePath === '/' ? 'index.html' : `${routePath.slice(1)}.html`
}

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One GET over loopback, the body as sent (Node's fetch would undo the gzip). */
function get(url: string, acceptEncoding: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { 'Accept-Encoding': acceptEncoding, 'User-Agent': 'fallback-pages' } },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        )
        res.on('error', reject)
      },
    )
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer from ${url} in 30 s`)))
    req.on('error', reject)
    req.end()
  })
}

/** The page's bytes, plain and gzipped, as the web sends them; `expected` is the status it must have. */
async function fetchPage(origin: string, pathname: string, expected: number) {
  const plain = await get(origin + pathname, 'identity')
  if (plain.status !== expected) throw new Error(`${pathname} answered ${plain.status}, expected ${expected}`)
  const zipped = await get(origin + pathname, 'gzip')
  // The web gzips the pages it caches; one it sends plain is gzipped here, as Caddy would.
  const gz = zipped.headers['content-encoding'] === 'gzip' ? zipped.body : gzipSync(zipped.body, { level: 9 })
  return { html: plain.body, gz }
}

/**
 * The page for a form posted while the web is down, made from the 404 page (its head, header
 * and footer): the 404's message is replaced by this one, and its title by UNAVAILABLE_TITLE.
 */
export function unavailablePage(notFoundHtml: string, business: { name: string; phone: string }): string {
  const section = /<section class="error-page container" data-not-found="">[\s\S]*?<\/section>/
  if (!section.test(notFoundHtml)) throw new Error('the 404 page has no error-page section to replace')
  const phone = escapeHtml(business.phone)
  const message = [
    '<section class="error-page container" data-unavailable="">',
    `<h1>${UNAVAILABLE_TITLE}</h1>`,
    '<p>Our website is restarting for a moment, so <strong>nothing was saved</strong>.</p>',
    '<p>Please try again in a minute: your browser’s Back button returns to your form, usually with what you typed still in it. Or call us now:</p>',
    `<a class="btn btn-primary" href="${escapeHtml(telHref(business.phone))}">Call ${phone}</a>`,
    '</section>',
  ].join('')
  return notFoundHtml
    .replace(section, () => message)
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${UNAVAILABLE_TITLE} | ${escapeHtml(business.name)}</title>`,
    )
}

const brotli = promisify(brotliCompress)

/** A page's Brotli copy, for browsers that take it (Caddy picks it): the smallest, made once. */
function brotliOf(html: Buffer): Promise<Buffer> {
  return brotli(html, {
    params: {
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  })
}

const HOUR_MS = 3_600_000

/**
 * The name of the hour (UTC) `at` falls in, as the Caddyfile makes it from Caddy's clock
 * (`{time.now.common_log}`, 28/Nov/2026:17:12:59 +0000): 2026-Nov-28T17.
 */
export function hourKeyOf(at: Date): string {
  const hh = String(at.getUTCHours()).padStart(2, '0')
  const dd = String(at.getUTCDate()).padStart(2, '0')
  return `${at.getUTCFullYear()}-${MONTHS[at.getUTCMonth()]}-${dd}T${hh}`
}

/** The next midnight in Denver after `at`. */
function nextBusinessMidnight(at: Date): Date {
  const p = localParts(at)
  return localTime({ year: p.year, month: p.month, day: p.day + 1 })
}

/**
 * The hours (UTC) from the one `at` falls in to the last one before midnight in Denver. Denver's
 * offset from UTC is whole hours, summer and winter, so its midnight is the start of an hour.
 */
export function hoursLeftInDay(at: Date): string[] {
  const end = nextBusinessMidnight(at).getTime()
  const hours: string[] = []
  for (let t = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS; t < end; t += HOUR_MS)
    hours.push(hourKeyOf(new Date(t)))
  return hours
}

/** Writes one complete set and points `current` at it; returns its manifest. */
export async function writeFallbackPages(opts: FallbackWriterOptions): Promise<FallbackManifest> {
  const now = opts.now ?? (() => new Date())
  const started = now()
  const stamp = `${started.toISOString().replace(/[:.]/g, '-')}-${process.pid}`
  await mkdir(opts.dir, { recursive: true })
  const tmp = path.join(opts.dir, `.tmp-${stamp}`)
  await mkdir(tmp)
  try {
    const put = async (file: string, html: Buffer | string, gz?: Buffer) => {
      const target = path.join(tmp, file)
      const bytes = Buffer.from(html)
      await mkdir(path.dirname(target), { recursive: true })
      await writeFile(target, bytes)
      await writeFile(`${target}.gz`, gz ?? gzipSync(bytes, { level: 9 }))
      await writeFile(`${target}.br`, await brotliOf(bytes))
    }
    const routes: FallbackManifest['routes'] = []
    for (const route of ALL_ROUTES) {
      const file = fileOfRoute(route.path)
      const page = await fetchPage(opts.origin, route.path, 200)
      await put(file, page.html, page.gz)
      routes.push({ path: route.path, file, bytes: page.html.length })
    }
    const notFound = await fetchPage(opts.origin, NOT_FOUND_PROBE, 404)
    await put(NOT_FOUND_FILE, notFound.html, notFound.gz)
    await put(UNAVAILABLE_FILE, unavailablePage(notFound.html.toString('utf8'), opts.business))
    const hours = hoursLeftInDay(started)
    const manifest: FallbackManifest = {
      writtenAt: started.toISOString(),
      day: businessDayOf(started),
      hours,
      routes,
    }
    await writeFile(path.join(tmp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)

    const set = `pages-${stamp}`
    await rename(tmp, path.join(opts.dir, set))
    // A new link under a temporary name, renamed over the old one: rename(2) is atomic.
    const link = path.join(opts.dir, `.link-${stamp}`)
    await symlink(set, link)
    await rename(link, path.join(opts.dir, CURRENT_LINK))
    // Only now, complete and in place, is the set served in the normal case too.
    await linkHours(opts.dir, set, hours, stamp)
    await removeOldSets(opts.dir, set)
    return manifest
  } catch (err) {
    await rm(tmp, { recursive: true, force: true })
    throw err
  }
}

/**
 * Points the link of each of `hours` at `set` (a new link under a temporary name, renamed over
 * the old one), and removes the links of every other hour: past hours, and those of a day this
 * set does not show.
 */
async function linkHours(dir: string, set: string, hours: string[], stamp: string): Promise<void> {
  const hoursDir = path.join(dir, HOURS_DIR)
  await mkdir(hoursDir, { recursive: true })
  for (const hour of hours) {
    const link = path.join(hoursDir, `.link-${stamp}-${hour}`)
    await symlink(path.join('..', set), link)
    await rename(link, path.join(hoursDir, hour))
  }
  const keep = new Set(hours)
  for (const entry of await readdir(hoursDir))
    if (!keep.has(entry)) await rm(path.join(hoursDir, entry), { force: true })
}

/**
 * Removes every hour's link, so Caddy asks the web process for every page until it has written
 * its own set: called when the web process starts, since the files there may be of an earlier
 * build or configuration. The folder is renamed away first, so the links go all at once.
 */
export async function retirePageLinks(dir: string): Promise<void> {
  const retired = path.join(dir, `.hours-retired-${Date.now()}-${process.pid}`)
  try {
    await rename(path.join(dir, HOURS_DIR), retired)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  await rm(retired, { recursive: true, force: true })
}

/** Keeps the new set and the one before it; removes older sets and leftovers of failed runs. */
async function removeOldSets(dir: string, keep: string): Promise<void> {
  const entries = (await readdir(dir)).sort()
  const sets = entries.filter((e) => e.startsWith('pages-') && e !== keep)
  const previous = sets.filter((e) => e < keep).at(-1)
  for (const e of entries) {
    const stale =
      (e.startsWith('pages-') && e !== keep && e !== previous) ||
      e.startsWith('.link-') ||
      e.startsWith('.hours-retired-')
    // A temporary folder of another process may be in progress: only ones older than the new set.
    const leftover = e.startsWith('.tmp-') && `pages-${e.slice(5)}` < keep
    if (stale || leftover) await rm(path.join(dir, e), { recursive: true, force: true })
  }
}

/** Milliseconds until the first second of the next day in Denver. */
export function msUntilNextDay(date: Date): number {
  return nextBusinessMidnight(date).getTime() + 1000 - date.getTime()
}

/** How long to wait before trying again after a failed write. */
const RETRY_MS = 60_000

export interface FallbackPages {
  /** The first write (resolves whether or not it succeeded; failures are logged). */
  firstWrite: Promise<FallbackManifest | undefined>
  stop(): void
}

/**
 * Writes the set now and at the start of each new day in Denver; a failed write is logged as an
 * error and tried again a minute later (Caddy meanwhile asks the web process for every page, and
 * while that is down serves the previous set, or 503 when there is none).
 */
export function startFallbackPages(opts: FallbackWriterOptions): FallbackPages {
  const now = opts.now ?? (() => new Date())
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  const schedule = (ms: number) => {
    if (stopped) return
    timer = setTimeout(() => void run(), ms)
    timer.unref()
  }
  const run = async (): Promise<FallbackManifest | undefined> => {
    const t0 = Date.now()
    try {
      const manifest = await writeFallbackPages(opts)
      opts.logger.info(
        { dir: opts.dir, pages: manifest.routes.length + 2, day: manifest.day, ms: Date.now() - t0 },
        'fallback pages written: Caddy serves them until the day is over, and while the web process is down',
      )
      // A write that ran past midnight holds the day before's pages: the new day's at once.
      const at = now()
      schedule(businessDayOf(at) === manifest.day ? msUntilNextDay(at) : 1000)
      return manifest
    } catch (err) {
      opts.logger.error(
        { err, dir: opts.dir },
        'fallback pages not written: Caddy asks the web process for every page meanwhile, and while the web process is down serves the previous set, or 503 if there is none; trying again in a minute',
      )
      schedule(RETRY_MS)
      return undefined
    }
  }
  return {
    firstWrite: run(),
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
