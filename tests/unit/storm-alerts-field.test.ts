/**
 * The storm alerts box (shared/lead-fields.ts, CONSENT_FIELDS): what the enquiry schema takes
 * for it, and how a lead's summary shows it. Storing it is tests/integration/storm-alerts-consent.test.ts.
 */
import { describe, expect, test } from 'vitest'
import { EnquiryFieldsSchema, EnquirySchema, toFieldErrors } from '../../shared/enquiry'
import { CONSENT_FIELDS, summarize } from '../../shared/lead-fields'
import { AlertEmail } from '../../core/storm-response/AlertEmail'
import { renderBoth } from '../../core/platform/mail/render'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { CONFIRM_EMAIL, CONFIRM_SECTION } from '../../shared/storm-alerts-consent'
import { VALID_ENQUIRY } from '../support/enquiries'

const valid = VALID_ENQUIRY

describe('the storm alerts box in the enquiry schema', () => {
  test('true is accepted as asked for', () => {
    expect(EnquirySchema.parse({ ...valid, stormAlerts: true }).stormAlerts).toBe(true)
  })

  test('false is accepted', () => {
    expect(EnquirySchema.parse({ ...valid, stormAlerts: false }).stormAlerts).toBe(false)
  })

  test('left out, it is false: a box not ticked, or a client that does not know of it', () => {
    expect(EnquirySchema.parse(valid).stormAlerts).toBe(false)
    // The forms' own schema too (react-hook-form validates with it).
    expect(EnquiryFieldsSchema.omit({ message: true }).parse(valid).stormAlerts).toBe(false)
  })

  test.each([
    ['the text "true"', 'true'],
    ['the text "on" (what a plain form post sends, turned into true by the router only)', 'on'],
    ['a number', 1],
    ['null', null],
    ['an object', { ticked: true }],
  ])('%s is refused with a message that names the field and says what it takes', (_what, stormAlerts) => {
    const result = EnquirySchema.safeParse({ ...valid, stormAlerts })
    expect(result.success).toBe(false)
    if (!result.success)
      expect(toFieldErrors(result.error)).toEqual({
        stormAlerts: 'Storm alerts must be true (the box ticked) or false',
      })
  })

  test('the words a client sends for it are no field of the enquiry: they are refused', () => {
    const result = EnquirySchema.safeParse({ ...valid, stormAlerts: true, stormAlertsWords: 'anything' })
    expect(result.success).toBe(false)
    if (!result.success) expect(toFieldErrors(result.error)).toHaveProperty('stormAlertsWords')
  })
})

describe('its words and its row', () => {
  test('the box is labelled with the exact words', () => {
    expect(CONSENT_FIELDS.stormAlerts.input.label).toBe('Tell me when radar sees hail at this address')
  })

  test('the e-mails that ask for a confirmation and the alert itself quote the box as the form shows it', async () => {
    const quoted = `“${CONSENT_FIELDS.stormAlerts.input.label}”`
    expect(CONFIRM_SECTION.text).toContain(quoted)
    expect(CONFIRM_EMAIL.asked('Dana', 'Summit Roofing', undefined)).toContain(quoted)
    const { text } = await renderBoth(
      AlertEmail({
        firstName: 'Dana',
        date: '12 Jun 2024',
        size: '1.6',
        bookingUrl: 'https://roofing.example/book',
        unsubscribeUrl: 'https://roofing.example/storm-alerts/unsubscribe/x',
        business: DEFAULT_BUSINESS,
      }),
    )
    expect(text.replace(/\s+/g, ' ')).toContain(
      `given on our website with "${CONSENT_FIELDS.stormAlerts.input.label}" ticked, and you confirmed it.`,
    )
  })

  test('the summary ends with a Storm alerts row: asked, not confirmed when ticked, no when not or never asked; or the words given', () => {
    const fields = { firstName: 'Dana', lastName: 'Reyes', phone: '3035550199', email: 'd@example.com' }
    expect(summarize({ ...fields, stormAlerts: true }).at(-1)).toEqual({
      name: 'stormAlerts',
      label: 'Storm alerts',
      value: 'asked, not confirmed',
    })
    expect(summarize({ ...fields, stormAlerts: false }).at(-1)?.value).toBe('no')
    expect(summarize(fields).at(-1)?.value).toBe('no')
    // Where the confirmation is known (the office e-mail, leads show), its words.
    expect(summarize({ ...fields, stormAlerts: true }, { stormAlerts: 'confirmed' }).at(-1)?.value).toBe(
      'confirmed',
    )
    // The text fields' rows come first, as before.
    expect(summarize(fields)[0]).toMatchObject({ name: 'firstName', value: 'Dana Reyes' })
  })
})
