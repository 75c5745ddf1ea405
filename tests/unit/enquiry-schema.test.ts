import { describe, expect, test } from 'vitest'
import { ENQUIRY_MESSAGES, EnquirySchema, toFieldErrors } from '../../shared/enquiry'
import { INVALID_FIELDS } from '../support/enquiries'

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

  test.each(INVALID_FIELDS)('a bad %s is refused with its message', (field, value, message) => {
    const result = EnquirySchema.safeParse({ ...valid, [field]: value })
    expect(result.success).toBe(false)
    if (!result.success) expect(toFieldErrors(result.error)[field]).toBe(message)
  })

  test('the phone rule checks the number of characters only, not the format', () => {
    expect(EnquirySchema.safeParse({ ...valid, phone: 'call me now' }).success).toBe(true)
  })

  test('the message has no bound of its own (the 16 KB body limit is the only one)', () => {
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

describe('input hygiene', () => {
  const errorsFor = (patch: Record<string, unknown>) => {
    const result = EnquirySchema.safeParse({ ...valid, ...patch })
    return result.success ? {} : toFieldErrors(result.error)
  }

  test('text is stored in Unicode NFC, so one name has one spelling', () => {
    // "José" with a combining acute accent (as macOS types it) becomes the precomposed é.
    const decomposed = 'Jose\u0301'
    const parsed = EnquirySchema.parse({ ...valid, firstName: decomposed, address: '12 Rue Be\u0301ranger' })
    expect(parsed.firstName).toBe('Jos\u00e9')
    expect(parsed.firstName).toHaveLength(4)
    expect(parsed.address).toBe('12 Rue B\u00e9ranger')
  })

  test.each([
    ['a NUL byte', 'Da\u0000na'],
    ['an escape code', 'Dana\u001b[31m'],
    ['DEL', 'Dana\u007f'],
    ['a C1 control', 'Dana\u0085'],
    ['a tab', 'Da\tna'],
    ['a line break', 'Dana\nReyes'],
    ['a zero-width space', 'Da\u200bna'],
    ['a zero-width joiner', 'Da\u200dna'],
    ['a right-to-left override', '\u202eanaD'],
    ['a bidi isolate', '\u2066Dana\u2069'],
    ['a byte-order mark inside the name', 'Da\ufeffna'],
    ['a soft hyphen', 'Da\u00adna'],
    ['a line separator', 'Dana\u2028'],
  ])('a first name with %s is refused with a message that names the field', (_what, firstName) => {
    expect(errorsFor({ firstName })).toEqual({
      firstName:
        'First name contains a hidden character (such as a zero-width space or a control code). Please delete it, or clear the field and type it again.',
    })
  })

  test.each([
    ['lastName', 'Last name'],
    ['email', 'Email address'],
    ['phone', 'Phone number'],
    ['address', 'Address'],
  ])('%s refuses hidden characters too, naming itself', (field, label) => {
    const value = `${valid[field as keyof typeof valid]}\u200b`
    expect(errorsFor({ [field]: value })[field]).toMatch(new RegExp(`^${label} contains a hidden character`))
  })

  test.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['a byte-order mark and spaces', ' \ufeff '],
    ['a Hangul filler', '\u3164'],
    ['bidi marks', '\u200e\u200f'],
    ['a tab', '\t'],
  ])('a first name made only of %s is "First name is required"', (_what, firstName) => {
    expect(errorsFor({ firstName })).toEqual({ firstName: ENQUIRY_MESSAGES.firstName })
  })

  test('a blank last name or address gets its usual message, not the hidden-character one', () => {
    expect(errorsFor({ lastName: '\u200b' })).toEqual({ lastName: ENQUIRY_MESSAGES.lastName })
    expect(errorsFor({ address: '\u2060\u2060' })).toEqual({ address: ENQUIRY_MESSAGES.address })
  })

  test('the message keeps its line breaks and tabs, and refuses other control and format characters', () => {
    const message = 'North side:\r\n\t- gutters dented\n\t- granules in the downspouts'
    expect(EnquirySchema.parse({ ...valid, message }).message).toBe(message)
    expect(errorsFor({ message: 'Call after 5\u0007' }).message).toMatch(
      /^Message contains a hidden character/,
    )
    expect(errorsFor({ message: 'Call \u202eafter 5' }).message).toMatch(
      /^Message contains a hidden character/,
    )
    expect(errorsFor({ message: '\u200b' }).message).toMatch(/^Message contains a hidden character/)
    expect(EnquirySchema.parse({ ...valid, message: ' \n\t ' }).message).toBe('')
  })

  test('letters, accents, apostrophes and emoji from real names and messages are accepted', () => {
    const parsed = EnquirySchema.parse({
      ...valid,
      firstName: 'Zoë-Ánh',
      lastName: "O'Brien Nguyễn",
      address: '1450 Elm St #2, Denver, CO 80220',
      message: 'Thanks! 👍 ❤️',
    })
    expect(parsed).toMatchObject({
      firstName: 'Zoë-Ánh',
      lastName: "O'Brien Nguyễn",
      message: 'Thanks! 👍 ❤️',
    })
  })

  test('the source path refuses control characters', () => {
    expect(errorsFor({ sourcePath: '/contact\u0000' }).sourcePath).toMatch(
      /^Source path contains a hidden character/,
    )
  })

  test('the messages stay exactly as they are for plain invalid input', () => {
    const errors = errorsFor({ firstName: '', lastName: ' ', email: 'x', phone: '123', address: 'abc' })
    const expected = {
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      phone: 'Please enter a valid phone number',
      address: 'Please enter a complete address',
    }
    expect(errors).toEqual(expected)
    expect(ENQUIRY_MESSAGES).toEqual(expected)
  })
})
