/**
 * A homeowner who clicked a Google ad for a city page, then sent the contact page's form: the
 * stored lead, the e-mail the office receives (a real SMTP server), the signed webhook and
 * site-admin's CSV all say where they came from (docs/attribution.md). Then the same with
 * JavaScript off, where the landing page's response sets the attribution cookies (the page
 * itself is the one cached copy) and the plain form post reads them: from another page the
 * visitor moved on to, from the landing page's own form, and with the cookies refused.
 */
import { test, expect } from './fixtures'
import { fillLead, formShownClock, homeowner, submitLeadToBooking, type Homeowner } from './leads'
import { OFFICE_ADDRESS, parseCsv, useStack, waitUntil } from './stack'

test.describe.configure({ mode: 'serial' })
// A stack of its own, a lead followed to four places and site-admin run twice: about 20 s on an
// idle host, and well over 30 on a busy one.
test.setTimeout(90_000)

const stack = useStack('source')

const CAMPAIGN = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'hail-2026-parker',
  gclid: 'EAIaIQobChMI-parker_2026.x',
}
const QUERY = new URLSearchParams(CAMPAIGN).toString()
const LANDING = `/service-areas/parker-co?${QUERY}`
const CAME_FROM = 'Came from: Google Ads (cpc), campaign hail-2026-parker, landed on /service-areas/parker-co'

/** A visit from an ad: its campaign, landing page and the lines the office reads. */
interface AdVisit {
  campaign: Record<string, string>
  landing: string
  cameFrom: string
}
const GOOGLE_AD: AdVisit = {
  campaign: CAMPAIGN,
  landing: LANDING,
  cameFrom: CAME_FROM,
}

/** What every place the lead reaches must say: the stored row, the e-mail, the webhook, the CSV. */
async function expectSourceEverywhere(who: Homeowner, sourcePath: string, visit: AdVisit = GOOGLE_AD) {
  await waitUntil(() => stack().rowsFor(who.email).length === 1, 'the lead to be stored')
  const row = stack().rowsFor(who.email)[0]!
  expect(row).toMatchObject({
    ...visit.campaign,
    landing_page: visit.landing,
    source_path: sourcePath,
    quarantined_at: null,
  })
  expect(row.spam_score as number).toBeLessThan(5)

  await waitUntil(
    () =>
      stack().smtp.messages.some(
        (m) => m.envelopeTo.includes(OFFICE_ADDRESS) && m.parsed.text?.includes(who.email),
      ),
    'the office e-mail',
  )
  const mail = stack().smtp.messages.find((m) => m.parsed.text?.includes(who.email))!
  expect(mail.parsed.text).toContain(visit.cameFrom)
  expect(String(mail.parsed.html)).toContain(visit.cameFrom)

  await waitUntil(
    () =>
      stack()
        .hook.delivered()
        .some((h) => h.body.includes(who.email)),
    'the webhook',
  )
  const hook = stack()
    .hook.delivered()
    .find((h) => h.body.includes(who.email))!
  expect(hook.verified).toBe(true)
  const data = JSON.parse(hook.body).data
  expect(data.attribution.lastTouch).toMatchObject({ ...visit.campaign, landing_page: visit.landing })
  expect(data.sourcePath).toBe(sourcePath)

  const exported = stack().admin('leads', 'export')
  expect(exported.status).toBe(0)
  const records = parseCsv(exported.stdout, { columns: true }) as Record<string, string>[]
  expect(records.find((r) => r.email === who.email)).toMatchObject({
    ...visit.campaign,
    landing_page: visit.landing,
  })

  const shown = stack().admin('leads', 'show', row.id as string)
  expect(shown.stdout).toContain(visit.cameFrom.replace('Came from: ', ''))
}

test('an ad click on a city page, then the contact page: every place the lead reaches says where it came from', async ({
  page,
}) => {
  const who = homeowner()
  await page.goto(`${stack().baseUrl}${LANDING}`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  // On to the contact page through the site, as a visitor would.
  const clock = formShownClock(page)
  await page.goto(`${stack().baseUrl}/contact`)
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

const BING_CAMPAIGN = {
  utm_source: 'bing',
  utm_medium: 'cpc',
  utm_campaign: 'hail-2026-aurora',
  msclkid: '8f3c1a2b9d7e4f60a1b2c3d4e5f6a7b8',
}
const BING_AD: AdVisit = {
  campaign: BING_CAMPAIGN,
  landing: `/service-areas/aurora-co?${new URLSearchParams(BING_CAMPAIGN).toString()}`,
  cameFrom: 'Came from: Microsoft Ads (cpc), campaign hail-2026-aurora, landed on /service-areas/aurora-co',
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false })

  test('an ad click on a city page, then the contact page by its link: the lead carries the campaign and the click id', async ({
    page,
  }) => {
    const who = homeowner()
    await page.goto(`${stack().baseUrl}${BING_AD.landing}`)
    // The page is the cached copy every visitor gets: no campaign in its HTML.
    expect(
      await page.locator('input[type="hidden"][name="msclkid"], input[name="landing_page"]').count(),
    ).toBe(0)
    await page.locator('a[href="/contact"]:visible').first().click()
    await expect(page).toHaveURL(/\/contact$/)
    const form = page.locator('form[data-form-type="contact"]')
    await submitLeadToBooking(form, who, 'Request My Free Inspection', { withMessage: true })
    await expectSourceEverywhere(who, '/contact', BING_AD)
  })

  test('a browser that refuses the cookies still sends the form; the lead is stored without a source', async ({
    page,
  }) => {
    const who = homeowner()
    await page.goto(`${stack().baseUrl}${BING_AD.landing}`)
    await page.context().clearCookies()
    await page.goto(`${stack().baseUrl}/contact`)
    const form = page.locator('form[data-form-type="contact"]')
    await submitLeadToBooking(form, who, 'Request My Free Inspection', { withMessage: true })
    await waitUntil(() => stack().rowsFor(who.email).length === 1, 'the lead to be stored')
    expect(stack().rowsFor(who.email)[0]).toMatchObject({
      utm_source: null,
      msclkid: null,
      landing_page: null,
    })
  })
})

test.describe('with JavaScript off, on the landing page itself', () => {
  test.use({ javaScriptEnabled: false })

  test("the landing page's own form sends its campaign, from the cookie the landing set", async ({
    page,
  }) => {
    const who = homeowner()
    await page.goto(`${stack().baseUrl}${LANDING}`)
    await page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }).click()
    const dialog = page.getByRole('dialog', { name: 'Free Roof Inspection' })
    await expect(dialog).toBeVisible()
    // Without a script there is no form token: that alone is not spam (docs/spam.md).
    await submitLeadToBooking(dialog, who, 'Request My Free Inspection', { withMessage: true })
    await expectSourceEverywhere(who, '/service-areas/parker-co')
  })
})
