import { describe, expect, test } from 'vitest'
import { ENQUIRY_MESSAGES, EnquirySchema, toFieldErrors } from '../../shared/enquiry'

const valid = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana@example.com',
  phone: '3035550199',
  address: '1450 Elm St, Denver',
  formType: 'contact',
}

describe('EnquirySchema', () => {
  test('accepts a complete enquiry and treats the message as optional', () => {
    expect(EnquirySchema.parse(valid)).toMatchObject(valid)
  })

  test.each([
    ['firstName', '', ENQUIRY_MESSAGES.firstName],
    ['lastName', '', ENQUIRY_MESSAGES.lastName],
    ['email', 'not-an-email', ENQUIRY_MESSAGES.email],
    ['phone', '303555', ENQUIRY_MESSAGES.phone],
    ['address', '12 A', ENQUIRY_MESSAGES.address],
  ])('a bad %s is refused with the spec message', (field, value, message) => {
    const result = EnquirySchema.safeParse({ ...valid, [field]: value })
    expect(result.success).toBe(false)
    if (!result.success) expect(toFieldErrors(result.error)[field]).toBe(message)
  })

  test('the phone rule checks length only, as the spec says', () => {
    expect(EnquirySchema.safeParse({ ...valid, phone: 'call me now' }).success).toBe(true)
  })

  test('the message has no bound of its own (spec section 5)', () => {
    const message = 'Hail dented every gutter on the north side. '.repeat(300)
    expect(message.length).toBeGreaterThan(12_000)
    expect(EnquirySchema.parse({ ...valid, message }).message).toBe(message.trim())
  })

  test('unknown keys are refused', () => {
    const result = EnquirySchema.safeParse({ ...valid, admin: true })
    expect(result.success).toBe(false)
    if (!result.success) expect(toFieldErrors(result.error)).toHaveProperty('admin')
  })
})
