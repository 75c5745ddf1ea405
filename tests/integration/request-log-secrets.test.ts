/**
 * No bearer value in the log (server/http/redact.ts): the real app (supertest) with the site's
 * pino logger writing to a file, at debug, while an office link is opened, pressed and
 * tampered with, and a hail report is read with its key. The file then holds neither the
 * link's token nor its signature alone, nor the report's key; the request lines name the
 * office links' path as `/office/confirm/[redacted]`.
 */
import { readFileSync } from 'node:fs'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import request from 'supertest'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  createOfficeLinks,
  makeOfficeToken,
  officeLinkKey,
  OFFICE_CONFIRM_PATH,
} from '../../core/spam/office-links'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { HAIL_REPORT_ENDPOINT, REPORT_KEY_HEADER } from '../../shared/hail-summary'
import { addLead } from '../support/leads'
import { createPipeline, SITE_ORIGIN, type Pipeline } from '../support/pipeline'

let dir: string
let logFile: string
let destination: ReturnType<typeof pino.destination>
let p: Pipeline

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-log-secrets-'))
  logFile = path.join(dir, 'web.log')
  destination = pino.destination({ dest: logFile, sync: true })
  p = await createPipeline({ label: 'log-secrets', logStream: destination, producerUrl: null })
})
afterAll(async () => {
  await p?.close()
  destination?.end()
  rmSync(dir, { recursive: true, force: true })
})

test('an office link opened, pressed and tampered with, and a hail report read with its key, leave no token, signature or key in the log', async () => {
  const quarantinedLead = () =>
    addLead(p.db, {
      firstName: 'Logged',
      message: 'Hail on the roof.',
      spam: {
        score: 10,
        reasons: [{ code: 'honeypot', points: 10, text: 'honeypot field filled' }],
        quarantine: true,
      },
    })
  const id = quarantinedLead()
  const link = new URL(createOfficeLinks(p.db, { siteUrl: SITE_ORIGIN, days: 14 }).url('not_spam', id))
    .pathname
  const token = link.slice(OFFICE_CONFIRM_PATH.length + 1)
  const signature = token.split('.').at(-1)!
  expect(signature).toHaveLength(32)

  expect((await request(p.http).get(link)).status).toBe(200)
  expect((await request(p.http).get(`${link}?utm_source=mail`)).status).toBe(200)
  const pressed = await request(p.http).post(link).set('Origin', SITE_ORIGIN).type('form').send('')
  expect(pressed.text).toContain('Enquiry delivered')
  // The failures are logged at warn, each line with the path it was asked for.
  const tampered = `${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`
  expect((await request(p.http).get(tampered)).status).toBe(404)
  // Express routes the path whatever its case.
  const shouted = `${OFFICE_CONFIRM_PATH.toUpperCase()}/${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
  expect((await request(p.http).get(shouted)).status).toBe(404)
  const expired = `${OFFICE_CONFIRM_PATH}/${makeOfficeToken(officeLinkKey(p.db), 'not_spam', quarantinedLead(), new Date(Date.now() - 1000))}`
  expect((await request(p.http).get(expired)).status).toBe(410)
  // A cross-site press is refused: the line carries the link's path too.
  expect((await request(p.http).post(link).set('Origin', 'https://elsewhere.example')).status).toBe(403)

  const hail = await request(p.http).post(ENQUIRY_ENDPOINT).set('Origin', SITE_ORIGIN).send({
    firstName: 'Hana',
    lastName: 'Stone',
    email: 'hana.logged@example.com',
    phone: '(303) 555-0142',
    address: '1 Storm Way, Parker, CO 80134',
    formType: 'contact',
    form: 'hail_report',
    sourcePath: '/hail-report',
  })
  expect(hail.status).toBe(201)
  const { id: hailId, reportKey } = hail.body as { id: string; reportKey: string }
  expect(reportKey).toMatch(/^[\w-]{20,}$/)
  const summary = await request(p.http)
    .get(`${HAIL_REPORT_ENDPOINT}/${hailId}`)
    .set(REPORT_KEY_HEADER, reportKey)
  expect(summary.status).toBe(200)
  const wrong = await request(p.http)
    .get(`${HAIL_REPORT_ENDPOINT}/${hailId}`)
    .set(REPORT_KEY_HEADER, `${reportKey}x`)
  expect(wrong.status).toBe(404)

  destination.flushSync()
  const log = readFileSync(logFile, 'utf8')
  const lines = log.trim().split('\n')
  const officeLines = lines.filter((l) => l.toLowerCase().includes('/office/confirm'))
  // Every request above is in the log, so the check below reads the lines that matter.
  expect(officeLines.length).toBeGreaterThanOrEqual(4)
  for (const line of officeLines) expect(line).toMatch(/"url":"\/office\/confirm\/\[redacted\]"/i)
  expect(lines.filter((l) => l.includes(`"url":"${HAIL_REPORT_ENDPOINT}/${hailId}"`))).toHaveLength(2)

  expect(log).not.toContain(token)
  expect(log).not.toContain(signature)
  expect(log).not.toContain(signature.slice(0, 16))
  expect(log).not.toContain(expired.slice(OFFICE_CONFIRM_PATH.length + 1))
  expect(log).not.toContain(reportKey)
})

test('a link that opens its page is logged like any page, whatever its signature', async () => {
  // A signature of letters and digits only made the token's last dot read as a file name's, and
  // a static file's successful line is left out of the log: such a link's 200 went unlogged.
  const links = createOfficeLinks(p.db, { siteUrl: SITE_ORIGIN, days: 14 })
  let link = ''
  for (let i = 0; i < 50 && !/\.[A-Za-z0-9]{32}$/.test(link); i++)
    link = new URL(links.url('not_spam', addLead(p.db, { firstName: 'Plain', message: 'Hail.' }))).pathname
  expect(link).toMatch(/\.[A-Za-z0-9]{32}$/)
  const before = readFileSync(logFile, 'utf8').length
  expect((await request(p.http).get(link)).status).toBe(200)
  destination.flushSync()
  const added = readFileSync(logFile, 'utf8').slice(before).trim().split('\n').filter(Boolean)
  expect(added.map((l) => JSON.parse(l) as { req: { url: string }; res: { statusCode: number } })).toEqual([
    expect.objectContaining({
      req: expect.objectContaining({ url: '/office/confirm/[redacted]' }),
      res: { statusCode: 200 },
    }),
  ])
})
