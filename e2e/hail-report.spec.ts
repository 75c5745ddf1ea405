/**
 * The Extreme Weather Report as a homeowner meets it (docs/storm-data.md), on a stack of its own
 * (e2e/stack.ts): storm data imported with site-admin from an SPC day file and a day of MRMS MESH
 * radar hail written by ecCodes (tests/support/mesh-files.ts), a local stand-in of
 * the Census geocoder, the built web process and worker, a real SMTP server. Sent with
 * JavaScript, the summary shows on the page within seconds (on /hail-report, and on
 * /schedule-inspection after the exit-intent popup) and the report reaches the inbox as a PDF;
 * sent without, the booking page it lands on says the report is on its way.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startGeocoderPeer, type GeocoderPeer } from '../tests/support/geocoder-peer'
import { writeMeshFile } from '../tests/support/mesh-files'
import { test, expect } from './fixtures'
import { fillLead, formShownClock, homeowner } from './leads'
import { OFFICE_ADDRESS, startStack, waitUntil, type Stack } from './stack'

test.describe.configure({ mode: 'serial' })
// A stack of its own, and reports made and e-mailed: well under 30 s on an idle host.
test.setTimeout(90_000)

/** Where the stand-in geocoder places every address: E 17th Ave in Denver (80220). */
const HOME = { latitude: 39.7436, longitude: -104.93 }
/** 1.75 in hail 0.6 mi NW of the home on the afternoon of 12 June 2024 (21:40 UTC), and a wind gust. */
const SPC_HAIL = [
  'Time,Size,Location,County,State,Lat,Lon,Comments',
  '2140,175,2 E Denver,Denver,CO,39.7497,-104.938,Quarter to golf ball size hail. (BOU)',
  '2205,75,Aurora,Arapahoe,CO,39.7436,-104.885,Penny size hail. (BOU)',
].join('\n')
const LINE = /1\.75 in hail 0\.6 mi NW on 12 Jun 2024; 2 storms within 3 mi since 2021/
/** The radar's swath of the same day over the home, confirmed by the 1.75 in report. */
const RADAR_PAGE_LINE =
  /Radar: hail of about 1\.[6-8] in at your home on 12 Jun 2024 \(confirmed by a report 0\.6 mi NW\)/
const RADAR_OFFICE_LINE =
  /Radar: 1\.[6-8] in at the home on 12 Jun 2024 \(confirmed by a report 0\.6 mi NW\); 1 day of 1 in\+ in 5 years, more than \d+% of the area/

let stack: Stack
let geocoder: GeocoderPeer
let dir: string

test.beforeAll(async () => {
  // Every address is placed at the home.
  geocoder = await startGeocoderPeer(() => ({
    ...HOME,
    matchedAddress: '4821 E 17TH AVE, DENVER, CO, 80220',
  }))
  const geocoderUrl = geocoder.url
  stack = await startStack('hail-report', { CENSUS_GEOCODER_URL: geocoderUrl, GEOCODER_TIMEOUT_MS: '2000' })
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-storm-files-'))
  const file = path.join(dir, '240612_rpts_hail.csv')
  writeFileSync(file, `${SPC_HAIL}\n`)
  // 12 Jun 2024 in Denver: the file valid at the next local midnight, 06:00Z on the 13th.
  const radar = writeMeshFile(dir, {
    validAt: '2024-06-13T06:00:00Z',
    swaths: [{ ...HOME, radiusMi: 3, peakIn: 1.75 }],
  })
  const imported = stack.admin('storms', 'import', file, radar)
  expect(imported.stderr).toBe('')
  expect(imported.status).toBe(0)
})
test.afterAll(async () => {
  await stack?.close()
  await geocoder?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** The homeowner's e-mail with its PDF, once it arrived. */
async function expectReportInInbox(email: string) {
  await waitUntil(() => stack.smtp.messages.some((m) => m.envelopeTo.includes(email)), 'the report e-mail')
  const mail = stack.smtp.messages.find((m) => m.envelopeTo.includes(email))!
  expect(mail.parsed.attachments.map((a) => a.contentType)).toContain('application/pdf')
  expect(mail.parsed.text).toMatch(LINE)
}

test('a homeowner asks for the report on /hail-report and sees its summary on the page within seconds', async ({
  page,
}) => {
  const who = homeowner()
  const clock = formShownClock(page)
  await page.goto(`${stack.baseUrl}/hail-report`)
  const form = page.locator('#hail-report-form')
  await fillLead(form, who)
  await clock.asAPerson()
  await form.getByRole('button', { name: 'Send My Free Hail Report' }).click()
  const status = form.getByRole('status')
  await expect(status).toContainText('Your free hail report is on its way!')
  await expect(status).toContainText(LINE, { timeout: 20_000 })
  await expect(status).toContainText('Within 1 mile: 1 storm')
  await expect(status).toContainText('located by street address')
  await expect(status).toContainText(RADAR_PAGE_LINE)
  await expectReportInInbox(who.email)
  // The office's e-mail of the same lead carries the summary in one line.
  await waitUntil(
    () =>
      stack.smtp.messages.some(
        (m) => m.envelopeTo.includes(OFFICE_ADDRESS) && m.parsed.text?.includes(who.email),
      ),
    'the office e-mail',
  )
  const office = stack.smtp.messages.find(
    (m) => m.envelopeTo.includes(OFFICE_ADDRESS) && m.parsed.text?.includes(who.email),
  )!
  expect(office.parsed.text).toMatch(new RegExp(`Storms at the address: ${LINE.source}`))
  expect(office.parsed.text).toMatch(RADAR_OFFICE_LINE)
  expect(office.parsed.text).toContain('Hail report page')
})

test('the exit-intent popup path shows the summary on the booking page', async ({ page }) => {
  const who = homeowner()
  const clock = formShownClock(page)
  await page.goto(`${stack.baseUrl}/`)
  await page.locator('html[data-hydrated]').waitFor()
  await page.mouse.move(640, 400)
  await page.mouse.move(640, 4)
  const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
  await popup.getByRole('button', { name: 'Find Out Instantly For Free' }).click()
  await fillLead(popup, who)
  await clock.asAPerson()
  await popup.getByRole('button', { name: 'Get My Free Report' }).click()
  await expect(page).toHaveURL(/\/schedule-inspection$/)
  const summary = page.locator('[data-hail-summary]')
  await expect(summary).toContainText(LINE, { timeout: 20_000 })
  await expectReportInInbox(who.email)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the page the form lands on says the report is on its way', async ({ page }) => {
    const who = homeowner()
    await page.goto(`${stack.baseUrl}/hail-report`)
    const form = page.locator('#hail-report-form')
    await fillLead(form, who)
    await form.getByRole('button', { name: 'Send My Free Hail Report' }).click()
    await expect(page).toHaveURL(/\/schedule-inspection$/)
    await expect(
      page.getByRole('status').filter({ hasText: 'Your free hail report is on its way!' }),
    ).toBeVisible()
    await expectReportInInbox(who.email)
  })

  test('the note stays hidden on the booking page reached any other way', async ({ page }) => {
    await page.goto(`${stack.baseUrl}/schedule-inspection`)
    await expect(page.getByText('Your free hail report is on its way!')).toBeHidden()
    await expect(page.locator('.hail-report-sent')).toHaveCount(0)
  })
})
