/**
 * A homeowner who clicked a Google ad for a city page, then sent the contact page's form: the
 * stored lead, the e-mail the office receives (a real SMTP server), the signed webhook and
 * site-admin's CSV all say where they came from (docs/attribution.md). Then the same with
 * JavaScript off, from the landing page's own form (the inspection dialog), whose hidden source
 * fields the server rendered from the page's query.
 */
import { test, expect } from './fixtures'
import { fillLead, formShownClock, homeowner, type Homeowner } from './leads'
import { OFFICE_ADDRESS, parseCsv, startStack, waitUntil, type Stack } from './stack'

test.describe.configure({ mode: 'serial' })
// A stack of its own, a lead followed to four places and site-admin run twice: about 20 s on an
// idle host, and well over 30 on a busy one.
test.setTimeout(90_000)

let stack: Stack
test.beforeAll(async () => {
  stack = await startStack('source')
})
test.afterAll(async () => {
  await stack?.close()
})

const CAMPAIGN = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'hail-2026-parker',
  gclid: 'EAIaIQobChMI-parker_2026.x',
}
const QUERY = new URLSearchParams(CAMPAIGN).toString()
const LANDING = `/service-areas/parker-co?${QUERY}`
const CAME_FROM = 'Came from: Google Ads (cpc), campaign hail-2026-parker, landed on /service-areas/parker-co'

/** What every place the lead reaches must say: the stored row, the e-mail, the webhook, the CSV. */
async function expectSourceEverywhere(who: Homeowner, sourcePath: string) {
  await waitUntil(() => stack.rowsFor(who.email).length === 1, 'the lead to be stored')
  const row = stack.rowsFor(who.email)[0]!
  expect(row).toMatchObject({
    ...CAMPAIGN,
    landing_page: LANDING,
    source_path: sourcePath,
    quarantined_at: null,
  })
  expect(row.spam_score as number).toBeLessThan(5)

  await waitUntil(
    () =>
      stack.smtp.messages.some(
        (m) => m.envelopeTo.includes(OFFICE_ADDRESS) && m.parsed.text?.includes(who.email),
      ),
    'the office e-mail',
  )
  const mail = stack.smtp.messages.find((m) => m.parsed.text?.includes(who.email))!
  expect(mail.parsed.text).toContain(CAME_FROM)
  expect(String(mail.parsed.html)).toContain(CAME_FROM)

  await waitUntil(() => stack.hook.delivered().some((h) => h.body.includes(who.email)), 'the webhook')
  const hook = stack.hook.delivered().find((h) => h.body.includes(who.email))!
  expect(hook.verified).toBe(true)
  const data = JSON.parse(hook.body).data
  expect(data.attribution.lastTouch).toMatchObject({ ...CAMPAIGN, landing_page: LANDING })
  expect(data.sourcePath).toBe(sourcePath)

  const exported = stack.admin('leads', 'export')
  expect(exported.status).toBe(0)
  const records = parseCsv(exported.stdout, { columns: true }) as Record<string, string>[]
  expect(records.find((r) => r.email === who.email)).toMatchObject({ ...CAMPAIGN, landing_page: LANDING })

  const shown = stack.admin('leads', 'show', row.id as string)
  expect(shown.stdout).toContain(
    'Google Ads (cpc), campaign hail-2026-parker, landed on /service-areas/parker-co',
  )
}

test('an ad click on a city page, then the contact page: every place the lead reaches says where it came from', async ({
  page,
}) => {
  const who = homeowner()
  await page.goto(`${stack.baseUrl}${LANDING}`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  // On to the contact page through the site, as a visitor would.
  const clock = formShownClock(page)
  await page.goto(`${stack.baseUrl}/contact`)
  const form = page.locator('form[data-form-type="contact"]')
  await fillLead(form, who, { withMessage: true })
  await clock.asAPerson()
  await form.getByRole('button', { name: 'Request My Free Inspection' }).click()
  await expect(page).toHaveURL(/\/schedule-inspection$/)
  await expectSourceEverywhere(who, '/contact')

  // The booking widget is handed the visit's campaign too.
  await expect(page.locator('iframe.booking-frame')).toHaveAttribute('src', /utm_source=google/)
  await expect(page.locator('iframe.booking-frame')).toHaveAttribute('src', /utm_campaign=hail-2026-parker/)
})

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test("the landing page's own form carries its campaign as hidden fields, rendered by the server", async ({
    page,
  }) => {
    const who = homeowner()
    await page.goto(`${stack.baseUrl}${LANDING}`)
    await page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }).click()
    const dialog = page.getByRole('dialog', { name: 'Free Roof Inspection' })
    await expect(dialog).toBeVisible()
    // Without a script there is no form token: that alone is not spam (docs/spam.md).
    await fillLead(dialog, who, { withMessage: true })
    await dialog.getByRole('button', { name: 'Request My Free Inspection' }).click()
    await expect(page).toHaveURL(/\/schedule-inspection$/)
    await expectSourceEverywhere(who, '/service-areas/parker-co')
  })
})
