/**
 * A tab opened before a deploy keeps working, and a form sent while the site restarts is
 * answered clearly:
 * - the old page's form code is served from the asset archive after the new build replaced it
 *   (two real web processes, one after the other, on one archive: server/http/asset-archive.ts);
 * - where the code is gone after all, the page reloads once and what the visitor typed (the
 *   first characters, which started the form's code) is back in its fields, with the dialog
 *   it was typed in open again (client/lib/form-draft.ts);
 * - a 503 with Retry-After (Caddy's answer while the web process is down) shows the usual
 *   failure toast and, beside the form, that nothing was saved and the phone number.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { test, expect, axeViolations, gotoHydrated, waitForHydration, waitForIsland } from './fixtures'
import { fillLead, homeowner, rowsFor } from './leads'
import { freePort } from '../scripts/lib/free-port.mjs'

/**
 * From now on every script the page did not load at first is gone (404), as after a deploy;
 * the answers wait until `release()` is called, so the visitor can type first.
 */
async function removeLaterCode(page: Page, loadedAtFirst: Set<string>): Promise<() => void> {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/assets/**', async (route) => {
    if (loadedAtFirst.has(route.request().url())) return route.fallback()
    await held
    return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' })
  })
  return release
}

/** Opens `url` and returns what it loaded before any interaction. */
async function openAndNoteLoads(page: Page, url: string): Promise<Set<string>> {
  const loaded = new Set<string>()
  const note = (r: { url(): string }) => loaded.add(r.url())
  page.on('request', note)
  await gotoHydrated(page, url)
  await page.waitForLoadState('networkidle')
  page.off('request', note)
  return loaded
}

test('the first characters that loaded a removed chunk survive the reload, with the focus in their field', async ({
  page,
}) => {
  const loaded = await openAndNoteLoads(page, '/contact')
  const release = await removeLaterCode(page, loaded)
  const form = page.locator('form[data-form-type="contact"]')
  const firstName = form.getByLabel('First Name', { exact: true })

  // The visitor starts typing: the focus starts the form's code, which the deploy removed.
  await firstName.click()
  await page.keyboard.type('Dan')
  await expect(page.locator('#contact-form-island')).toHaveAttribute('data-island-state', 'loading')
  const reloaded = page.waitForEvent('load')
  release()
  await reloaded
  await waitForHydration(page)
  await expect(firstName).toHaveValue('Dan')
  await expect(firstName).toBeFocused()
  // Typing on goes after what was there; the copy was used once and is gone.
  await page.keyboard.type('a')
  await expect(firstName).toHaveValue('Dana')
  expect(await page.evaluate(() => sessionStorage.getItem('formDraftBeforeReload'))).toBeNull()
})

test('what was typed in the contact modal is back after the reload, in the modal open again; never the honeypot', async ({
  page,
}) => {
  const who = homeowner()
  const loaded = await openAndNoteLoads(page, '/roof-repair')
  const dialog = page.getByRole('dialog', { name: 'Free Roof Inspection' })
  // The island's code is held back until the fields are filled, then turns out to be gone.
  const release = await removeLaterCode(page, loaded)
  await page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }).click()
  await expect(dialog).toBeVisible()
  await fillLead(dialog, who, { withMessage: true })
  // A bot's value in the honeypot (hidden from people) must not be carried over.
  await dialog
    .locator('input[name="website"]')
    .evaluate((el: HTMLInputElement) => (el.value = 'spam.example'))
  await dialog.getByLabel('Phone Number', { exact: true }).focus()

  const reloaded = page.waitForEvent('load')
  release()
  await reloaded
  await waitForHydration(page)
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('First Name', { exact: true })).toHaveValue(who.firstName)
  await expect(dialog.getByLabel('Last Name', { exact: true })).toHaveValue(who.lastName)
  await expect(dialog.getByLabel('Property Address', { exact: true })).toHaveValue(who.address)
  await expect(dialog.getByLabel('Email Address', { exact: true })).toHaveValue(who.email)
  await expect(dialog.getByLabel('Phone Number', { exact: true })).toHaveValue(who.phone)
  await expect(dialog.getByLabel('Tell me about your roofing concerns')).toHaveValue(who.message)
  await expect(dialog.getByLabel('Phone Number', { exact: true })).toBeFocused()
  await expect(dialog.locator('input[name="website"]')).toHaveValue('')
  // Only in the page that reloaded: the exit-intent form elsewhere on the page stays empty.
  await expect(page.locator('#hail-weather-report input[name="firstName"]')).toHaveValue('')
})

test('a 503 with Retry-After (the site restarting) shows the failure toast and, by the form, that nothing was saved and the phone', async ({
  page,
}) => {
  const who = homeowner()
  await gotoHydrated(page, '/contact')
  // What Caddy answers for the JSON API while the web process is down (Caddyfile).
  let refused = 0
  await page.route('**/api/enquiries', (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    refused += 1
    return route.fulfill({
      status: 503,
      headers: { 'Retry-After': '60', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        success: false,
        error:
          'We could not receive your request just now; nothing was saved. Please try again in a minute, or call us.',
      }),
    })
  })
  const form = page.locator('form[data-form-type="contact"]')
  await fillLead(form, who, { withMessage: true })
  await waitForIsland(page.locator('#contact-form-island'))
  await form.getByRole('button', { name: 'Request My Free Inspection' }).click()

  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to submit form. Please try again.' }),
  ).toBeVisible()
  const notice = form.getByRole('alert').filter({ hasText: 'Your request was not sent' })
  await expect(notice).toContainText('Nothing was saved. Please try again in a minute, or call us at')
  const phone = await page.locator('header.site-header a[href^="tel:"]').getAttribute('href')
  expect(phone).toMatch(/^tel:\+1\d{10}$/)
  await expect(notice.getByRole('link')).toHaveAttribute('href', phone!)
  await expect(notice.getByRole('link')).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/)
  expect(await axeViolations(page, 'form[data-form-type="contact"]')).toEqual([])
  await expect(page).toHaveURL(/\/contact$/)
  await expect(form.getByLabel('Email Address', { exact: true })).toHaveValue(who.email)
  expect(refused).toBe(1)
  expect(rowsFor(who.email)).toEqual([])

  // The site is back: the same form goes through, and the notice goes away.
  await page.unroute('**/api/enquiries')
  await form.getByRole('button', { name: 'Request My Free Inspection' }).click()
  await expect(page).toHaveURL(/\/schedule-inspection$/)
  expect(rowsFor(who.email)).toHaveLength(1)
})

test.describe('across a real deploy', () => {
  let dir: string
  const servers: ChildProcess[] = []

  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'roofing-deploy-across-'))
  })
  test.afterAll(async () => {
    for (const server of servers) {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve))
        server.kill('SIGTERM')
        await exited
      }
    }
    rmSync(dir, { recursive: true, force: true })
  })

  /**
   * A copy of the production build in a folder of its own (a release), without the files
   * `drop` names, so one build can stand for the next.
   */
  function release(name: string, drop: (assetPath: string) => boolean = () => false): string {
    const root = path.join(dir, name)
    cpSync(path.resolve('dist'), path.join(root, 'dist'), {
      recursive: true,
      filter: (src) => {
        const rel = path.relative(path.resolve('dist/client/assets'), src)
        return rel.startsWith('..') || rel === '' || !drop(rel.split(path.sep).join('/'))
      },
    })
    symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'))
    return root
  }

  /** Starts the release's web process on `port` with `archive` as ASSET_ARCHIVE_DIR. */
  async function startWeb(root: string, port: number, archive: string): Promise<ChildProcess> {
    const server = spawn(process.execPath, [path.join(root, 'dist/node/server.mjs')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        SITE_URL: `http://127.0.0.1:${port}`,
        DATABASE_PATH: path.join(dir, 'deploy.db'),
        ASSET_ARCHIVE_DIR: archive,
        LOG_LEVEL: 'error',
        BOOKING_URL: 'https://booking.test/roof-inspection',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    servers.push(server)
    for (let i = 0; i < 100; i++) {
      if (server.exitCode !== null) throw new Error(`the web process of ${root} exited (${server.exitCode})`)
      const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) return server
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`the web process of ${root} did not answer /healthz in 10 s`)
  }

  async function stopWeb(server: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => server.once('exit', resolve))
    server.kill('SIGTERM')
    await exited
  }

  test('a tab opened before the deploy loads its form from the archive: no reload, the typing kept', async ({
    page,
  }) => {
    const port = await freePort()
    const archive = path.join(dir, 'asset-archive')
    const before = await startWeb(release('before'), port, archive)
    const loaded = await openAndNoteLoads(page, `http://127.0.0.1:${port}/contact`)
    const firstLoad = new Set([...loaded].map((u) => new URL(u).pathname.replace(/^\/assets\//, '')))
    await stopWeb(before)

    // The next build: everything the page loads later (React, the form) under names it does
    // not have, as a new build's hashes are. The previous build's files are in the archive.
    const droppedFromBuild = (asset: string) => asset.endsWith('.js') && !firstLoad.has(asset)
    const after = release('after', droppedFromBuild)
    await startWeb(after, port, archive)
    const retired = JSON.parse(readFileSync(path.join(archive, '.retired.json'), 'utf8')) as object
    expect(Object.keys(retired).length).toBeGreaterThan(0)
    for (const asset of Object.keys(retired)) {
      expect(existsSync(path.join(after, 'dist/client/assets', asset))).toBe(false)
      expect(existsSync(path.join(archive, asset))).toBe(true)
    }

    const answers: { url: string; status: number; cache: string | undefined }[] = []
    page.on('response', (r) => {
      if (r.url().includes('/assets/') && r.request().resourceType() === 'script')
        answers.push({ url: r.url(), status: r.status(), cache: r.headers()['cache-control'] })
    })
    let reloads = 0
    page.on('load', () => (reloads += 1))
    const form = page.locator('form[data-form-type="contact"]')
    await form.getByLabel('First Name', { exact: true }).click()
    await page.keyboard.type('Dana')
    await waitForIsland(page.locator('#contact-form-island'), 10_000)
    await expect(form.getByLabel('First Name', { exact: true })).toHaveValue('Dana')
    expect(reloads).toBe(0)
    expect(answers.length).toBeGreaterThan(0)
    for (const answer of answers) {
      expect(answer, answer.url).toMatchObject({ status: 200, cache: 'public, max-age=31536000, immutable' })
    }
    // Served from the archive: the new build does not have them.
    const archivedAnswers = answers.filter((a) => new URL(a.url).pathname.slice('/assets/'.length) in retired)
    expect(archivedAnswers.length).toBeGreaterThan(0)
  })
})
