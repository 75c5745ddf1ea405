/**
 * The four lead forms with JavaScript off, as a homeowner with scripts disabled (or whose
 * scripts never arrived) meets them: each is a plain HTML form the browser posts itself.
 * Valid, it lands on /schedule-inspection with its row stored under its own form type;
 * invalid, the server sends the page back with the form's messages beside the fields, the
 * values kept and an error summary that has focus, and nothing is stored (docs/forms.md).
 */
import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures'
import { expectFieldMessages, fillLead, homeowner, rowsFor } from './leads'

test.use({ javaScriptEnabled: false })

interface FormCase {
  name: string
  formType: string
  /** The page the form is on, and so its source path. */
  page: string
  submit: string
  withMessage: boolean
  /** Opens the form as a visitor would and returns it. */
  open: (page: Page) => Promise<Locator>
}

/** Clicks the button that opens a plain-HTML dialog and returns the dialog once it shows. */
async function openDialog(button: Locator, name: string): Promise<Locator> {
  await button.click()
  const dialog = button.page().getByRole('dialog', { name })
  await expect(dialog).toBeVisible()
  return dialog
}

const FORMS: FormCase[] = [
  {
    name: 'the contact modal, from the header’s Free Inspection button',
    formType: 'contact_modal',
    page: '/roof-repair',
    submit: 'Request My Free Inspection',
    withMessage: true,
    open: (page) =>
      openDialog(
        page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }),
        'Free Roof Inspection',
      ),
  },
  {
    name: 'the contact page form',
    formType: 'contact',
    page: '/contact',
    submit: 'Request My Free Inspection',
    withMessage: true,
    open: async (page) => page.locator('form[data-form-type="contact"]'),
  },
  {
    name: 'the exit-intent form, from its button in the footer',
    formType: 'exit_intent',
    page: '/about',
    submit: 'Get My Free Report',
    withMessage: false,
    open: (page) =>
      openDialog(
        page.getByRole('contentinfo').getByRole('button', { name: 'Free Hail Weather Report' }),
        'Free Hail Weather Report',
      ),
  },
  {
    name: 'the hail report form',
    formType: 'contact',
    page: '/hail-report',
    submit: 'Send My Free Hail Report',
    withMessage: false,
    open: async (page) => page.locator('#hail-report-form form'),
  },
]

for (const form of FORMS) {
  test.describe(form.name, () => {
    test('sent valid, lands on the booking page and is stored with its form type', async ({ page }) => {
      const who = homeowner()
      await page.goto(form.page)
      const scope = await form.open(page)
      await fillLead(scope, who, { withMessage: form.withMessage })
      await scope.getByRole('button', { name: form.submit }).click()
      await expect(page).toHaveURL(/\/schedule-inspection$/)
      await expect(
        page.getByRole('heading', { level: 1, name: 'Thank You! Your Request Has Been Submitted' }),
      ).toBeVisible()
      const rows = rowsFor(who.email)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({
        form_type: form.formType,
        source_path: form.page,
        first_name: who.firstName,
        last_name: who.lastName,
        address: who.address,
        phone: who.phone,
        message: form.withMessage ? who.message : null,
      })
    })

    test('sent invalid, comes back with the field messages, the values kept and nothing stored', async ({
      page,
    }) => {
      const email = `not-an-address-${Date.now()}-${form.formType}`
      await page.goto(form.page)
      const scope = await form.open(page)
      await scope.getByLabel('Last Name', { exact: true }).fill('Whitfield')
      await scope.getByLabel('Property Address', { exact: true }).fill('12 A')
      await scope.getByLabel('Email Address', { exact: true }).fill(email)
      await scope.getByLabel('Phone Number', { exact: true }).fill('555-0199')
      if (form.withMessage)
        await scope.getByLabel('Tell me about your roofing concerns').fill('Hail <3 days> ago')
      const response = page.waitForResponse((r) => r.url().endsWith('/api/enquiries'))
      await scope.getByRole('button', { name: form.submit }).click()
      expect((await response).status()).toBe(400)

      // The same page, with the same form open (a dialog is shown open by the server).
      const again = await reopened(page, form)
      await expectFieldMessages(again, [
        ['First Name', 'First name is required'],
        ['Property Address', 'Please enter a complete address'],
        ['Email Address', 'Please enter a valid email address'],
        ['Phone Number', 'Please enter a valid phone number'],
      ])
      await expect(again.getByLabel('Last Name', { exact: true })).not.toHaveAttribute('aria-invalid')
      await expect(again.getByLabel('Last Name', { exact: true })).toHaveValue('Whitfield')
      await expect(again.getByLabel('Email Address', { exact: true })).toHaveValue(email)
      await expect(again.getByLabel('Phone Number', { exact: true })).toHaveValue('555-0199')
      if (form.withMessage) {
        await expect(again.getByLabel('Tell me about your roofing concerns')).toHaveValue('Hail <3 days> ago')
      }

      // The summary has focus and leads to each field.
      const summary = again.getByRole('alert')
      await expect(summary).toBeFocused()
      await expect(summary).toContainText('Please check 4 fields')
      await summary.getByRole('link', { name: 'Email Address' }).click()
      await expect(again.getByLabel('Email Address', { exact: true })).toBeFocused()
      expect(rowsFor(email)).toHaveLength(0)
      // The page sent back was not cached: the next visitor gets the page without any of it.
      const fresh = await (await page.request.get(form.page)).text()
      expect(fresh).not.toContain(email)
      expect(fresh).not.toContain('error-summary')

      // Put right, it goes through.
      const who = homeowner()
      await again.getByLabel('First Name', { exact: true }).fill(who.firstName)
      await again.getByLabel('Property Address', { exact: true }).fill(who.address)
      await again.getByLabel('Email Address', { exact: true }).fill(who.email)
      await again.getByLabel('Phone Number', { exact: true }).fill(who.phone)
      await again.getByRole('button', { name: form.submit }).click()
      await expect(page).toHaveURL(/\/schedule-inspection$/)
      expect(rowsFor(who.email)).toMatchObject([{ form_type: form.formType, source_path: form.page }])
    })
  })
}

/** The form on the page the server sent back: a dialog is already open, a page form in place. */
async function reopened(page: Page, form: FormCase): Promise<Locator> {
  if (form.formType === 'contact_modal' || form.formType === 'exit_intent') {
    const name = form.formType === 'contact_modal' ? 'Free Roof Inspection' : 'Free Hail Weather Report'
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    return dialog
  }
  return form.open(page)
}

test('a dialog closes with its Close button, without a script', async ({ page }) => {
  await page.goto('/')
  await page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }).click()
  const dialog = page.getByRole('dialog', { name: 'Free Roof Inspection' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
})

test('the /hail-report hero button still takes the visitor to the request form, without a script', async ({
  page,
}) => {
  await page.goto('/hail-report')
  const form = page.locator('#hail-report-form')
  await expect(form).not.toBeInViewport()
  await page.getByRole('button', { name: 'Get My Free Report' }).click()
  await expect(page).toHaveURL(/\/hail-report#hail-report-form$/)
  await expect(form).toBeInViewport()
})

for (const { path, formType } of [
  { path: '/contact', formType: 'contact' },
  { path: '/hail-report', formType: 'contact' },
]) {
  test(`${path} shows one set of the form's fields, and Free Inspection leads to that form, without a script`, async ({
    page,
  }) => {
    await page.goto(path)
    // No hidden copies of the dialogs' fields on a page with its own form.
    await expect(page.getByLabel('First Name', { exact: true })).toHaveCount(1)
    await expect(page.locator(`form[data-form-type="${formType}"]`)).toHaveCount(1)
    await page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }).click()
    await expect(page).toHaveURL(new RegExp(`${path}\\?#`))
    await expect(page.getByLabel('First Name', { exact: true })).toBeInViewport()
  })
}

test('the booking page gives the booking link and the phone instead of a spinner, without a script', async ({
  page,
}) => {
  await page.goto('/schedule-inspection')
  const widget = page.locator('.booking-widget')
  const line = widget.locator('.booking-noscript')
  await expect(line).toBeVisible()
  await expect(line).toContainText('The booking calendar needs JavaScript.')
  await expect(line.getByRole('link', { name: 'Open the booking calendar' })).toHaveAttribute(
    'href',
    'https://booking.test/roof-inspection',
  )
  await expect(line.getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
    'href',
    /^tel:\+?\d+$/,
  )
  // The line covers the spinner: nothing says a calendar is loading.
  const covered = await widget.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    return Boolean(top?.closest('.booking-noscript'))
  })
  expect(covered).toBe(true)
})
