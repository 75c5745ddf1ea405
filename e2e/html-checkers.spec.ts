/**
 * Two checkers beside axe (e2e/a11y.spec.ts), each on every route, the 404 page, the
 * pages a plain form post can come back as (a form sent back with its messages, the small
 * refusal page), and the office links' confirmation pages (e2e/office-pages.ts):
 *
 * - the W3C Nu HTML Checker (npm `vnu-jar`, run with Java) on the HTML the server sends:
 *   no error and no warning. Its plain "info" notes are not findings (React writes void
 *   elements as `<input />`, which it notes as having no effect).
 * - HTML_CodeSniffer through pa11y's `htmlcs` runner, WCAG 2 AA, in Debian's Chromium: no error.
 *
 * The Nu checker runs once over all the pages in a single Java start (about 15 s).
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pa11y from 'pa11y'
import puppeteer from 'puppeteer'
import { test, expect } from './fixtures'
import { ALL_ROUTES } from '../shared/routes'
import { BASE_URL, CHROMIUM_PATH } from '../playwright.config'
import { officePages } from './office-pages'

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

/** A page to check: fetched with GET, or the answer to a plain form post. */
interface Target {
  name: string
  path: string
  form?: Record<string, string>
  origin?: string
}

const INVALID = { firstName: '', lastName: 'Whitfield', address: '12', email: 'x', phone: '1', website: '' }
const TARGETS: Target[] = [
  ...ALL_ROUTES.map((r) => ({ name: r.path, path: r.path })),
  { name: 'the 404 page', path: '/no-such-page' },
  {
    name: '/contact sent back with its messages',
    path: '/api/enquiries',
    form: { ...INVALID, message: 'Hail', formType: 'contact', sourcePath: '/contact' },
  },
  {
    name: 'the contact modal sent back open',
    path: '/api/enquiries',
    form: { ...INVALID, message: '', formType: 'contact_modal', sourcePath: '/roof-repair' },
  },
  {
    name: 'the exit-intent form sent back open',
    path: '/api/enquiries',
    form: { ...INVALID, formType: 'exit_intent', sourcePath: '/about' },
  },
  {
    name: '/hail-report sent back with its messages',
    path: '/api/enquiries',
    form: { ...INVALID, formType: 'contact', sourcePath: '/hail-report' },
  },
  {
    name: 'the refusal page of a cross-site post',
    path: '/api/enquiries',
    form: { ...INVALID, formType: 'contact', sourcePath: '/contact' },
    origin: 'https://elsewhere.example',
  },
]

/** TARGETS and the office links' confirmation pages, each made with a lead and link of its own. */
async function allTargets(): Promise<Target[]> {
  const office = (await officePages()).map((p) => ({
    name: p.name,
    path: p.path,
    ...(p.post ? { form: {}, origin: p.post.origin } : {}),
  }))
  return [...TARGETS, ...office]
}

const formHeaders = (target: Target) => ({
  'Content-Type': 'application/x-www-form-urlencoded',
  Origin: target.origin ?? BASE_URL,
})

test('the Nu HTML Checker finds no error and no warning on any page', async ({ request }) => {
  test.setTimeout(120_000)
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-vnu-'))
  try {
    const files = new Map<string, string>()
    for (const [i, target] of (await allTargets()).entries()) {
      const res = target.form
        ? await request.post(target.path, {
            headers: formHeaders(target),
            data: new URLSearchParams(target.form).toString(),
            maxRedirects: 0,
          })
        : await request.get(target.path)
      expect(res.headers()['content-type'], target.name).toMatch(/^text\/html/)
      const file = path.join(dir, `page-${i}.html`)
      writeFileSync(file, await res.text())
      files.set(`file:${file}`, target.name)
    }
    // A page with a known fault, to show the checker really reads and reports.
    const canary = path.join(dir, 'canary.html')
    writeFileSync(
      canary,
      '<!DOCTYPE html><html lang="en"><head><title>canary</title></head><body><input name="a" autocomplete="street-address"></body></html>',
    )
    const { stdout } = await promisify(execFile)(
      process.env.JAVA ?? 'java',
      [
        '-jar',
        VNU_JAR,
        '--format',
        'json',
        '--stdout',
        '--exit-zero-always',
        // Plain paths: the checker names each file:<path> in its report.
        canary,
        ...[...files.keys()].map((url) => url.slice('file:'.length)),
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    )
    const { messages } = JSON.parse(stdout) as {
      messages: {
        type: string
        subType?: string
        url?: string
        lastLine?: number
        message: string
        extract?: string
      }[]
    }
    const isFinding = (m: (typeof messages)[number]) =>
      m.type === 'error' || m.type === 'non-document-error' || m.subType === 'warning'
    expect(messages.filter((m) => m.url?.endsWith('canary.html') && isFinding(m))).toHaveLength(1)
    const findings = messages
      .filter((m) => !m.url?.endsWith('canary.html') && isFinding(m))
      .map(
        (m) =>
          `${files.get(m.url ?? '') ?? m.url}:${m.lastLine}: ${m.type}${m.subType ? ` ${m.subType}` : ''}: ${m.message} ${m.extract ?? ''}`,
      )
    expect(findings).toEqual([])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('HTML_CodeSniffer (WCAG 2 AA, through pa11y) finds no error on any page', async () => {
  test.setTimeout(300_000)
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  })
  const dir = mkdtempSync(path.join(tmpdir(), 'roofing-htmlcs-'))
  try {
    // A page with a known fault (a fieldset without a legend), to show the checker really reports.
    const canary = path.join(dir, 'canary.html')
    writeFileSync(
      canary,
      '<!DOCTYPE html><html lang="en"><head><title>canary</title></head><body><main><form><fieldset><input type="radio" name="a" id="a"><label for="a">A</label></fieldset></form></main></body></html>',
    )
    const canaryResult = await pa11y(`file://${canary}`, {
      browser,
      runners: ['htmlcs'],
      standard: 'WCAG2AA',
    })
    expect(canaryResult.issues.map((i) => i.code)).toContain(
      'WCAG2AA.Principle1.Guideline1_3.1_3_1.H71.NoLegend',
    )

    const findings: string[] = []
    let checked = 0
    const targets = await allTargets()
    for (const target of targets) {
      const result = await pa11y(new URL(target.path, BASE_URL).href, {
        browser,
        runners: ['htmlcs'],
        standard: 'WCAG2AA',
        timeout: 60_000,
        ...(target.form
          ? {
              method: 'POST',
              postData: new URLSearchParams(target.form).toString(),
              headers: formHeaders(target),
            }
          : {}),
      })
      checked += 1
      for (const issue of result.issues.filter((i) => i.type === 'error')) {
        findings.push(`${target.name}: ${issue.code} at ${issue.selector}: ${issue.message}`)
      }
    }
    expect(findings).toEqual([])
    expect(checked).toBe(targets.length)
  } finally {
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
