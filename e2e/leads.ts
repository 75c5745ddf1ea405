/**
 * Lead helpers shared by the e2e specs: a homeowner's details, filling a lead form as they
 * would, and reading what the server stored in the e2e run's real SQLite file.
 */
import Database from 'better-sqlite3'
import { expect, type Locator, type Page } from '@playwright/test'
import { E2E_DATABASE_PATH } from '../playwright.config'
import type { LeadRow } from '../core/leads/store'

/** A stored lead, its columns as SQLite returns them. */
export type Row = LeadRow

export function rowsFor(email: string): Row[] {
  const db = new Database(E2E_DATABASE_PATH, { readonly: true, fileMustExist: true })
  try {
    return db.prepare('SELECT * FROM form_submissions WHERE email = ?').all(email) as Row[]
  } finally {
    db.close()
  }
}

let counter = 0
export function homeowner() {
  counter += 1
  return {
    firstName: 'Dana',
    lastName: 'Whitfield',
    address: '4821 E 17th Ave, Denver, CO 80220',
    email: `dana.${Date.now()}.${process.pid}.${counter}@example.com`,
    phone: '(303) 555-0199',
    message: 'Hail on June 15th dented the gutters and I see granules in the downspouts.',
  }
}
export type Homeowner = ReturnType<typeof homeowner>

/** Each field labelled `label` is marked invalid and described by its `message`. */
export async function expectFieldMessages(scope: Locator, expected: [label: string, message: string][]) {
  for (const [label, message] of expected) {
    const input = scope.getByLabel(label, { exact: true })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription(message)
  }
}

export async function fillLead(scope: Locator | Page, who: Homeowner, { withMessage = false } = {}) {
  await scope.getByLabel('First Name', { exact: true }).fill(who.firstName)
  await scope.getByLabel('Last Name', { exact: true }).fill(who.lastName)
  await scope.getByLabel('Property Address', { exact: true }).fill(who.address)
  await scope.getByLabel('Email Address', { exact: true }).fill(who.email)
  await scope.getByLabel('Phone Number', { exact: true }).fill(who.phone)
  if (withMessage) await scope.getByLabel('Tell me about your roofing concerns').fill(who.message)
}

/** Fills the form in as `who` and sends it with its `submitLabel` button. */
export async function submitLead(
  scope: Locator | Page,
  who: Homeowner,
  submitLabel: string,
  { withMessage = false } = {},
) {
  await fillLead(scope, who, { withMessage })
  await scope.getByRole('button', { name: submitLabel }).click()
}

/** submitLead, then the visitor lands on the booking page, as after every lead the site takes. */
export async function submitLeadToBooking(
  form: Locator,
  who: Homeowner,
  submitLabel: string,
  options: { withMessage?: boolean } = {},
) {
  await submitLead(form, who, submitLabel, options)
  await expect(form.page()).toHaveURL(/\/schedule-inspection$/)
}

/** A person takes seconds to fill five fields in; the least a test's "person" takes. */
export const PERSON_MS = 5_500

/**
 * The form is "shown" when the server signs its token, which the page fetches as the form comes
 * into view (docs/spam.md): a person's time runs from there. Call before the page loads;
 * `asAPerson()` then waits until PERSON_MS have passed since the token, so the enquiry is
 * scored as sent by a person however fast the test filled the form in.
 */
export function formShownClock(page: Page) {
  let shownAt = 0
  const token = page.waitForResponse((r) => {
    if (!r.url().endsWith('/api/form-token')) return false
    shownAt = Date.now()
    return true
  })
  // Not awaited when the test plays a bot that sends at once; the page may close first.
  token.catch(() => undefined)
  return {
    async asAPerson() {
      await token
      await page.waitForTimeout(Math.max(0, PERSON_MS - (Date.now() - shownAt)))
    },
  }
}
