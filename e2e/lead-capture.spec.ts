/**
 * Lead capture in the browser (docs/forms.md, docs/exit-intent.md): the four forms store one
 * row each in the real SQLite database and end where they should; invalid input, a refusing
 * server and an unreachable server; the exit-intent rules; the booking widget; the contact
 * modal from the keyboard alone.
 */
import type { Locator, Page } from '@playwright/test'
import {
  test,
  expect,
  type PageProblems,
  waitForHydration,
  gotoHydrated,
  openDialogWithKeyboard,
} from './fixtures'
import { expectFieldMessages, homeowner, rowsFor, submitLead, submitLeadToBooking, type Row } from './leads'

/** Fills the form in `scope` and presses its submit button. */
/** The contact page, hydrated; returns its form. */
async function openContactForm(page: Page) {
  await gotoHydrated(page, '/contact')
  return page.locator('form[data-form-type="contact"]')
}

/** The home page, hydrated, with the first inspection button clicked; returns the modal. */
async function openInspectionModal(page: Page) {
  await gotoHydrated(page, '/')
  await page.getByRole('button', { name: 'Get Your Free Roof Inspection' }).first().click()
  return page.getByRole('dialog', { name: 'Free Roof Inspection' })
}

const REQUIRED_LABELS = ['First Name', 'Last Name', 'Property Address', 'Email Address', 'Phone Number']

async function expectAllRequired(scope: Locator) {
  for (const label of REQUIRED_LABELS) {
    await expect(scope.getByLabel(label, { exact: true })).toHaveAttribute('required', '')
  }
}

/** Exactly one row was stored for `email`, and it has these columns. */
function expectOneRow(email: string, columns: Partial<Row>) {
  const rows = rowsFor(email)
  expect(rows).toHaveLength(1)
  expect(rows[0]).toMatchObject(columns)
}

function expectNoProblems(problems: PageProblems) {
  expect(problems.cspViolations).toEqual([])
  expect(problems.pageErrors).toEqual([])
}

const CONTACT_MODAL_TOAST = 'Your free roof inspection request has been submitted successfully!'
const CONTACT_PAGE_TOAST =
  "Thank you! Your roof inspection request has been submitted. We'll contact you within 24 hours."
const FAILED_TOAST = 'Failed to submit form. Please try again.'
const UNEXPECTED_TOAST = 'An unexpected error occurred. Please try again.'

test.describe('the four lead forms', () => {
  test('a homeowner requests a free roof inspection from the modal and lands on the booking page', async ({
    page,
    problems,
  }) => {
    const who = homeowner()
    const dialog = await openInspectionModal(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 2, name: 'Free Roof Inspection' })).toBeVisible()
    await expect(dialog.getByLabel('Email Address', { exact: true })).toHaveAttribute('type', 'email')
    await expect(dialog.getByLabel('Phone Number', { exact: true })).toHaveAttribute('type', 'tel')
    await expectAllRequired(dialog)
    const message = dialog.getByLabel('Tell me about your roofing concerns')
    await expect(message).toHaveAttribute('rows', '4')
    await expect(message).not.toHaveAttribute('required')
    // The page behind does not scroll while the dialog is open.
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden')

    await submitLeadToBooking(dialog, who, 'Request My Free Inspection', { withMessage: true })
    await expect(page.getByRole('alert').filter({ hasText: CONTACT_MODAL_TOAST })).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thank You! Your Request Has Been Submitted' }),
    ).toBeVisible()
    expectOneRow(who.email, {
      form_type: 'contact_modal',
      first_name: who.firstName,
      last_name: who.lastName,
      phone: who.phone,
      address: who.address,
      message: who.message,
      source_path: '/',
    })
    expectNoProblems(problems)
  })

  test('a homeowner sends the contact page form and lands on the booking page', async ({
    page,
    problems,
  }) => {
    const who = homeowner()
    const form = await openContactForm(page)
    await submitLeadToBooking(form, who, 'Request My Free Inspection')
    // The toast is carried over to the booking page, where the visitor is now.
    await expect(page.getByRole('alert').filter({ hasText: CONTACT_PAGE_TOAST })).toBeVisible()
    expectOneRow(who.email, { form_type: 'contact', message: null, source_path: '/contact' })
    expectNoProblems(problems)
  })

  test('a homeowner leaving the page gets the hail report pitch, asks for it and lands on the booking page', async ({
    page,
    problems,
  }) => {
    const who = homeowner()
    await gotoHydrated(page, '/')
    await page.mouse.move(640, 400)
    await page.mouse.move(640, 4)
    const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
    await expect(popup).toBeVisible()
    await expect(popup.getByRole('img', { name: /map/i })).toBeVisible()
    await popup.getByRole('button', { name: 'Find Out Instantly For Free' }).click()
    await expect(popup.getByLabel('First Name', { exact: true })).toBeFocused()
    await expect(popup.getByLabel('Tell me about your roofing concerns')).toHaveCount(0)
    await expectAllRequired(popup)
    await submitLeadToBooking(popup, who, 'Get My Free Report')
    await expect(popup).toBeHidden()
    // The exit-intent form shows no toast.
    await expect(page.getByRole('alert')).toHaveCount(0)
    expectOneRow(who.email, { form_type: 'exit_intent', message: null, source_path: '/' })

    // Someone who has just sent a lead is not asked again in this session.
    await page.evaluate(() => window.exitIntent?.reset())
    await page.mouse.move(640, 400)
    await page.mouse.move(640, 4)
    await page.waitForTimeout(300)
    await expect(popup).toHaveCount(0)
    expectNoProblems(problems)
  })

  test('a homeowner requests the hail report and sees it confirmed in place', async ({ page, problems }) => {
    const who = homeowner()
    await gotoHydrated(page, '/hail-report')
    const form = page.locator('#hail-report-form')
    await expectAllRequired(form)
    await submitLead(form, who, 'Send My Free Hail Report')
    await expect(form.getByRole('status')).toContainText('within 24 hours')
    await expect(page).toHaveURL(/\/hail-report$/)
    await expect(form.getByLabel('First Name', { exact: true })).toHaveValue('')
    await expect(form.getByLabel('Email Address', { exact: true })).toHaveValue('')
    await expect(page.getByRole('alert')).toHaveCount(0)
    expectOneRow(who.email, { form_type: 'contact', source_path: '/hail-report' })
    expectNoProblems(problems)
  })
})

test.describe('when something goes wrong', () => {
  test('invalid values show their messages beside their fields and store nothing', async ({ page }) => {
    const form = await openContactForm(page)
    const submit = form.getByRole('button', { name: 'Request My Free Inspection' })
    await submit.click()
    await expectFieldMessages(form, [
      ['First Name', 'First name is required'],
      ['Last Name', 'Last name is required'],
      ['Property Address', 'Please enter a complete address'],
      ['Email Address', 'Please enter a valid email address'],
      ['Phone Number', 'Please enter a valid phone number'],
    ])
    await expect(form.getByLabel('First Name', { exact: true })).toBeFocused()

    const email = `not-an-address-${Date.now()}`
    await form.getByLabel('First Name', { exact: true }).fill('Dana')
    await form.getByLabel('Last Name', { exact: true }).fill('Whitfield')
    await form.getByLabel('Property Address', { exact: true }).fill('12 A')
    await form.getByLabel('Email Address', { exact: true }).fill(email)
    await form.getByLabel('Phone Number', { exact: true }).fill('555-0199')
    await submit.click()
    await expect(form.getByText('Please enter a complete address')).toBeVisible()
    await expect(form.getByText('Please enter a valid email address')).toBeVisible()
    await expect(form.getByText('Please enter a valid phone number')).toBeVisible()
    await expect(form.getByText('First name is required')).toHaveCount(0)
    await expect(page).toHaveURL(/\/contact$/)
    expect(rowsFor(email)).toHaveLength(0)
  })

  test('while sending, the inputs and button are disabled and the button says Submitting...', async ({
    page,
  }) => {
    const who = homeowner()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/enquiries', async (route) => {
      await held
      await route.continue()
    })
    const form = await openContactForm(page)
    await submitLead(form, who, 'Request My Free Inspection')
    await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled()
    await expect(form.getByLabel('First Name', { exact: true })).toBeDisabled()
    await expect(form.getByLabel('Tell me about your roofing concerns')).toBeDisabled()
    release()
    await expect(page).toHaveURL(/\/schedule-inspection$/)
  })

  test('a server refusal shows its toast and keeps what the visitor typed', async ({ page }) => {
    const who = homeowner()
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({ status: 500, json: { success: false, error: 'Something went wrong' } }),
    )
    const form = await openContactForm(page)
    await submitLead(form, who, 'Request My Free Inspection', { withMessage: true })
    await expect(page.getByRole('alert').filter({ hasText: FAILED_TOAST })).toBeVisible()
    await expect(page).toHaveURL(/\/contact$/)
    await expect(form.getByLabel('Email Address', { exact: true })).toHaveValue(who.email)
    await expect(form.getByLabel('Tell me about your roofing concerns')).toHaveValue(who.message)
    await expect(form.getByRole('button', { name: 'Request My Free Inspection' })).toBeEnabled()
    expect(rowsFor(who.email)).toHaveLength(0)
  })

  test('field errors from the server are shown beside their fields', async ({ page }) => {
    const who = homeowner()
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 400,
        json: { success: false, errors: { phone: 'Please enter a valid phone number' } },
      }),
    )
    const form = await openContactForm(page)
    await submitLead(form, who, 'Request My Free Inspection')
    await expect(page.getByRole('alert').filter({ hasText: FAILED_TOAST })).toBeVisible()
    await expect(form.getByLabel('Phone Number', { exact: true })).toHaveAccessibleDescription(
      'Please enter a valid phone number',
    )
  })

  test('an unreachable server shows its toast and keeps what the visitor typed', async ({ page }) => {
    const who = homeowner()
    await page.route('**/api/enquiries', (route) => route.abort('internetdisconnected'))
    const dialog = await openInspectionModal(page)
    await submitLead(dialog, who, 'Request My Free Inspection')
    await expect(page.getByRole('alert').filter({ hasText: UNEXPECTED_TOAST })).toBeVisible()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('First Name', { exact: true })).toHaveValue(who.firstName)
    await expect(dialog.getByLabel('Phone Number', { exact: true })).toHaveValue(who.phone)
    expect(rowsFor(who.email)).toHaveLength(0)
  })
})

test.describe('the exit-intent popup', () => {
  const leaveThroughTheTop = (page: Page) =>
    page.evaluate(() =>
      document.dispatchEvent(new MouseEvent('mouseout', { relatedTarget: null, clientY: 0 })),
    )
  const shownAt = (page: Page) => page.evaluate(() => localStorage.getItem('exitIntentShown'))

  test('shows once, is remembered for 24 hours when closed, comes back after that and can be reset', async ({
    page,
  }) => {
    await gotoHydrated(page, '/')
    const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
    expect(await shownAt(page)).toBeNull()

    await leaveThroughTheTop(page)
    await expect(popup).toBeVisible()
    // Closing returns it to step 1.
    await popup.getByRole('button', { name: 'Find Out Instantly For Free' }).click()
    await expect(popup.getByLabel('First Name', { exact: true })).toBeVisible()
    await popup.getByRole('button', { name: 'Close' }).click()
    await expect(popup).toBeHidden()
    const stored = await shownAt(page)
    expect(stored).not.toBeNull()
    expect(Math.abs(Date.parse(stored!) - Date.now())).toBeLessThan(60_000)
    expect(new Date(stored!).toISOString()).toBe(stored)

    // Within 24 hours: no popup, whatever the trigger.
    await page.reload()
    await waitForHydration(page)
    await leaveThroughTheTop(page)
    await page.mouse.move(640, 400)
    await page.mouse.move(640, 3)
    await page.waitForTimeout(300)
    await expect(popup).toHaveCount(0)

    // 25 hours later it comes back, at step 1.
    await page.evaluate(() =>
      localStorage.setItem('exitIntentShown', new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString()),
    )
    await page.reload()
    await waitForHydration(page)
    await leaveThroughTheTop(page)
    await expect(popup).toBeVisible()
    await expect(popup.getByRole('button', { name: 'Find Out Instantly For Free' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(popup).toBeHidden()
    // Escape closes the native dialog first; its 'close' event, a task later, stores the time.
    await expect
      .poll(async () => Date.parse((await shownAt(page)) ?? ''))
      .toBeGreaterThan(Date.now() - 60_000)

    // The reset action removes the stored time, and the popup can show again.
    await page.evaluate(() => window.exitIntent?.reset())
    expect(await shownAt(page)).toBeNull()
    await page.reload()
    await waitForHydration(page)
    await leaveThroughTheTop(page)
    await expect(popup).toBeVisible()
  })

  test('opens once per page view until the pointer comes back into the page', async ({ page }) => {
    await gotoHydrated(page, '/')
    const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
    await leaveThroughTheTop(page)
    await expect(popup).toBeVisible()
    // Closed without being remembered, so only the once-per-view rule holds it back.
    await page.keyboard.press('Escape')
    await expect(popup).toBeHidden()
    await page.evaluate(() => localStorage.removeItem('exitIntentShown'))
    await leaveThroughTheTop(page)
    await page.waitForTimeout(300)
    await expect(popup).toBeHidden()
    await page.evaluate(() => document.dispatchEvent(new MouseEvent('mouseover', { relatedTarget: null })))
    await leaveThroughTheTop(page)
    await expect(popup).toBeVisible()
  })

  test('following a link of the site, or coming back with Back, does not open it', async ({ page }) => {
    const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
    await gotoHydrated(page, '/')
    // beforeunload and a hidden tab both fire as the page is left through its own link.
    await page.locator('header.site-header').getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await waitForHydration(page)
    await expect(popup).toHaveCount(0)
    await page.goBack()
    await expect(page).toHaveURL(/\/$/)
    await waitForHydration(page)
    await page.waitForTimeout(300)
    await expect(popup).toHaveCount(0)
    // Never shown, so nothing was remembered either: a real exit still gets it.
    expect(await shownAt(page)).toBeNull()
    await leaveThroughTheTop(page)
    await expect(popup).toBeVisible()
  })

  test('a tab that is really hidden (no link followed) opens it', async ({ page }) => {
    await gotoHydrated(page, '/')
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect(page.getByRole('dialog', { name: 'Free Hail Weather Report' })).toBeVisible()
  })

  test('scrolling back to the top after reading opens it', async ({ page }) => {
    await gotoHydrated(page, '/')
    await page.evaluate(() => document.body.style.setProperty('min-height', '4000px'))
    // Scrolled down as the page saw it: its own scroll listener, added first, has run when ours runs.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.addEventListener('scroll', () => resolve(), { once: true })
          window.scrollTo(0, 600)
        }),
    )
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(page.getByRole('dialog', { name: 'Free Hail Weather Report' })).toBeVisible()
  })

  test('on a phone it is a bottom sheet that leaves most of the page visible', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await gotoHydrated(page, '/')
    await leaveThroughTheTop(page)
    const popup = page.getByRole('dialog', { name: 'Free Hail Weather Report' })
    await expect(popup).toBeVisible()
    const box = (await popup.boundingBox())!
    expect(box.height).toBeLessThanOrEqual(844 * 0.6 + 1)
    expect(Math.round(box.y + box.height)).toBe(844)
    await popup.getByRole('button', { name: 'Find Out Instantly For Free' }).click()
    const box2 = (await popup.boundingBox())!
    expect(box2.height).toBeLessThanOrEqual(844 * 0.6 + 1)
  })
})

test.describe('the booking widget', () => {
  test('is prefilled with what the visitor sent, hides event details and consent banner, and replaces its spinner once loaded', async ({
    page,
  }) => {
    const who = homeowner()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/^https:\/\/booking\.test\//, async (route) => {
      await held
      await route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Booking</title>',
      })
    })
    const form = await openContactForm(page)
    await submitLeadToBooking(form, who, 'Request My Free Inspection')
    // Personal data never goes into the page's own URL.
    expect(page.url()).not.toContain('Dana')
    expect(page.url()).not.toContain('example.com')

    await expect(page.getByRole('status').filter({ hasText: 'Loading booking calendar…' })).toBeVisible()
    const frame = page.locator('iframe.booking-frame')
    const src = new URL((await frame.getAttribute('src'))!)
    expect(src.origin + src.pathname).toBe('https://booking.test/roof-inspection')
    expect(src.searchParams.get('name')).toBe(`${who.firstName} ${who.lastName}`)
    expect(src.searchParams.get('first_name')).toBe(who.firstName)
    expect(src.searchParams.get('last_name')).toBe(who.lastName)
    expect(src.searchParams.get('email')).toBe(who.email)
    expect(src.searchParams.get('hide_event_type_details')).toBe('1')
    expect(src.searchParams.get('hide_gdpr_banner')).toBe('1')
    expect(src.searchParams.get('embed_type')).toBe('Inline')
    // The lead's reference, which the scheduling tool sends back with the booking (docs/bookings.md).
    expect(src.searchParams.get('salesforce_uuid')).toMatch(/^[A-Za-z0-9]{22}$/)
    expect(src.searchParams.get('metadata[leadRef]')).toBe(src.searchParams.get('salesforce_uuid'))
    const size = await frame.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      minWidth: getComputedStyle(el).minWidth,
    }))
    expect(size).toEqual({ height: 700, minWidth: '320px' })

    // A frame that does not come within 10 s: the booking link and the phone appear under the
    // spinner (a CSS animation's delay, moved on here rather than waited for).
    const slow = page.locator('.booking-slow')
    await expect(slow).toBeHidden()
    await slow.evaluate((el) => el.getAnimations().forEach((a) => (a.currentTime = 10_000)))
    await expect(slow).toBeVisible()
    await expect(slow.getByRole('link', { name: 'Open the booking calendar' })).toHaveAttribute(
      'href',
      'https://booking.test/roof-inspection',
    )

    release()
    await expect(page.getByText('Loading booking calendar…')).toHaveCount(0)
    await expect(slow).toHaveCount(0)
    await expect(frame).toBeVisible()
  })
})

test.describe('keyboard only', () => {
  test('a visitor opens, fills and sends the modal, then opens it again and leaves with Escape', async ({
    page,
  }) => {
    // About 180 characters typed key by key: 14 s of the 30 on a loaded 2-core CI host.
    test.slow()
    const who = homeowner()
    await gotoHydrated(page, '/')
    const headerButton = page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' })
    const dialog = await openDialogWithKeyboard(page, headerButton, 'Free Roof Inspection')
    await expect(dialog.getByLabel('First Name', { exact: true })).toBeFocused()
    for (const value of [who.firstName, who.lastName, who.address, who.email, who.phone, who.message]) {
      await page.keyboard.type(value)
      await page.keyboard.press('Tab')
    }
    // The storm alerts box comes after the fields, unticked; the keyboard passes it by.
    const box = dialog.getByRole('checkbox', { name: 'Tell me when radar sees hail at this address' })
    await expect(box).toBeFocused()
    await expect(box).not.toBeChecked()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Request My Free Inspection' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/schedule-inspection$/)
    expect(rowsFor(who.email)).toMatchObject([
      { form_type: 'contact_modal', message: who.message, storm_alerts: 0, storm_alerts_words: null },
    ])

    await headerButton.focus()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(headerButton).toBeFocused()
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden')
  })
})
