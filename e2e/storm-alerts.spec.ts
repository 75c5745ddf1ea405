/**
 * The storm alerts box on the four lead forms (docs/forms.md, "Storm alerts"), on a 390 px
 * phone, with JavaScript and without: each form shows it below its fields and before its
 * button, unticked, labelled "Tell me when radar sees hail at this address"; a form sent with
 * it ticked stores the consent (storm_alerts = 1 and those words) in the run's real database,
 * and one sent without stores 0 and no words.
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect, gotoHydrated } from './fixtures'
import { fillLead, homeowner, rowsFor } from './leads'

const LABEL = 'Tell me when radar sees hail at this address'
const PHONE = { width: 390, height: 844 }

interface FormCase {
  name: string
  submit: string
  withMessage: boolean
  /** Where the browser ends once the form is stored. */
  sent: (page: Page, form: Locator) => Promise<void>
  /** Opens the form with JavaScript on, as a visitor would, and returns it. */
  openWithScript: (page: Page) => Promise<Locator>
  /** The same without JavaScript: a plain HTML form, its dialog opened by the browser itself. */
  openWithout: (page: Page) => Promise<Locator>
}

const toBookingPage = async (page: Page) => {
  await expect(page).toHaveURL(/\/schedule-inspection$/)
}

async function openPlainDialog(page: Page, button: Locator, name: string): Promise<Locator> {
  await button.click()
  const dialog = page.getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  return dialog
}

const FORMS: FormCase[] = [
  {
    name: 'the contact modal',
    submit: 'Request My Free Inspection',
    withMessage: true,
    sent: toBookingPage,
    openWithScript: async (page) => {
      await gotoHydrated(page, '/')
      await page.getByRole('button', { name: 'Get Your Free Roof Inspection' }).first().click()
      return page.getByRole('dialog', { name: 'Free Roof Inspection' })
    },
    openWithout: async (page) => {
      await page.goto('/roof-repair')
      return openPlainDialog(
        page,
        page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }),
        'Free Roof Inspection',
      )
    },
  },
  {
    name: 'the contact page form',
    submit: 'Request My Free Inspection',
    withMessage: true,
    sent: toBookingPage,
    openWithScript: async (page) => {
      await gotoHydrated(page, '/contact')
      return page.locator('form[data-form-type="contact"]')
    },
    openWithout: async (page) => {
      await page.goto('/contact')
      return page.locator('form[data-form-type="contact"]')
    },
  },
  {
    name: 'the exit-intent form',
    submit: 'Get My Free Report',
    withMessage: false,
    sent: toBookingPage,
    openWithScript: async (page) => {
      await gotoHydrated(page, '/')
      await page.mouse.move(195, 400)
      await page.mouse.move(195, 4)
      const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
      await popup.getByRole('button', { name: 'Find Out Instantly For Free' }).click()
      await expect(popup.getByLabel('First Name', { exact: true })).toBeVisible()
      return popup
    },
    openWithout: async (page) => {
      await page.goto('/about')
      return openPlainDialog(
        page,
        page.getByRole('contentinfo').getByRole('button', { name: 'Free Hail Weather Report' }),
        'Free Hail Weather Report',
      )
    },
  },
  {
    name: 'the hail report form',
    submit: 'Send My Free Hail Report',
    withMessage: false,
    // With JavaScript it is confirmed in place; without, the browser goes on to the booking page.
    sent: async (page, form) => {
      if (await page.evaluate(() => document.documentElement.dataset.hydrated === 'true'))
        await expect(form.getByRole('status')).toContainText('within 24 hours')
      else await toBookingPage(page)
    },
    openWithScript: async (page) => {
      await gotoHydrated(page, '/hail-report')
      return page.locator('#hail-report-form')
    },
    openWithout: async (page) => {
      await page.goto('/hail-report')
      return page.locator('#hail-report-form form')
    },
  },
]

/**
 * The box is there, unticked, named by its words alone; below the last field and above the
 * button, inside the form's width; its whole line is a target of at least 44 px a thumb can hit.
 */
async function expectUntickedBox(form: Locator, submit: string): Promise<Locator> {
  const box = form.getByRole('checkbox', { name: LABEL, exact: true })
  await expect(box).toBeVisible()
  await expect(box).not.toBeChecked()
  await expect(box).toHaveAttribute('name', 'stormAlerts')
  // The label wraps the box (a page-rooted locator: `has` is matched inside each label).
  const line = form.locator('label', { has: form.page().getByRole('checkbox', { name: LABEL, exact: true }) })
  await expect(line).toHaveText(LABEL)
  const [lineBox, phoneBox, buttonBox, formBox] = await Promise.all([
    line.boundingBox(),
    form.getByLabel('Phone Number', { exact: true }).boundingBox(),
    form.getByRole('button', { name: submit }).boundingBox(),
    form.boundingBox(),
  ])
  expect(lineBox && phoneBox && buttonBox && formBox).toBeTruthy()
  expect(lineBox!.y).toBeGreaterThan(phoneBox!.y + phoneBox!.height - 1)
  expect(lineBox!.y + lineBox!.height).toBeLessThanOrEqual(buttonBox!.y + 1)
  expect(lineBox!.height).toBeGreaterThanOrEqual(44)
  expect(lineBox!.x + lineBox!.width).toBeLessThanOrEqual(formBox!.x + formBox!.width + 1)
  return box
}

/** Waits until the lead is stored (the browser's answer may come before the test reads the file). */
async function storedConsent(email: string) {
  await expect.poll(() => rowsFor(email).length).toBe(1)
  const [row] = rowsFor(email)
  return { storm_alerts: row!.storm_alerts, storm_alerts_words: row!.storm_alerts_words }
}

test.use({ viewport: PHONE })

test.describe('with JavaScript', () => {
  for (const form of FORMS) {
    test(`${form.name} has the box, unticked; ticked, the consent is stored with its words`, async ({
      page,
    }) => {
      const who = homeowner()
      const scope = await form.openWithScript(page)
      const box = await expectUntickedBox(scope, form.submit)
      await fillLead(scope, who, { withMessage: form.withMessage })
      // A tap on the words ticks it, as a thumb would.
      await scope.getByText(LABEL, { exact: true }).click()
      await expect(box).toBeChecked()
      await scope.getByRole('button', { name: form.submit }).click()
      await form.sent(page, scope)
      expect(await storedConsent(who.email)).toEqual({ storm_alerts: 1, storm_alerts_words: LABEL })
    })
  }

  test('a form sent without ticking it stores no consent, and the box is unticked again after a send', async ({
    page,
  }) => {
    const who = homeowner()
    const form = FORMS.find((f) => f.name === 'the hail report form')!
    const scope = await form.openWithScript(page)
    await expectUntickedBox(scope, form.submit)
    await fillLead(scope, who)
    await scope.getByRole('button', { name: form.submit }).click()
    await form.sent(page, scope)
    expect(await storedConsent(who.email)).toEqual({ storm_alerts: 0, storm_alerts_words: null })
    await expect(scope.getByRole('checkbox', { name: LABEL })).not.toBeChecked()
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const [i, form] of FORMS.entries()) {
    // Every other form is sent ticked, the others not: both ways reach the server as a plain post.
    const tick = i % 2 === 0
    test(`${form.name} has the box, unticked; sent ${tick ? 'ticked' : 'unticked'}, it is stored so`, async ({
      page,
    }) => {
      const who = homeowner()
      const scope = await form.openWithout(page)
      const box = await expectUntickedBox(scope, form.submit)
      await fillLead(scope, who, { withMessage: form.withMessage })
      if (tick) await box.check()
      await scope.getByRole('button', { name: form.submit }).click()
      await form.sent(page, scope)
      expect(await storedConsent(who.email)).toEqual(
        tick ? { storm_alerts: 1, storm_alerts_words: LABEL } : { storm_alerts: 0, storm_alerts_words: null },
      )
    })
  }

  test('refused for another field, the form comes back with the box still ticked', async ({ page }) => {
    const who = homeowner()
    const form = FORMS.find((f) => f.name === 'the contact page form')!
    const scope = await form.openWithout(page)
    await fillLead(scope, { ...who, phone: '555' })
    await scope.getByRole('checkbox', { name: LABEL }).check()
    await scope.getByRole('button', { name: form.submit }).click()
    const again = page.locator('form[data-form-type="contact"]')
    await expect(again.getByLabel('Phone Number', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(again.getByRole('checkbox', { name: LABEL })).toBeChecked()
    expect(rowsFor(who.email)).toHaveLength(0)
  })
})
