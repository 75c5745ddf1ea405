/**
 * No personal data of a homeowner in a log line, in every shape the code logs a lead: a field
 * the lead-field table marks personal (shared/lead-fields.ts) is redacted under its name and
 * its column, at the top, nested in a request body, an enquiry, a lead, a row or the data of a
 * payload. The values come from the table, so a field marked personal later is checked too.
 */
import { textLines } from '../support/log-sink'
import { describe, expect, test } from 'vitest'
import { LEAD_FIELDS } from '../../shared/lead-fields'
import { createLogger, REDACT_PATHS } from '../../core/platform/logger'
import { PERSONAL_FIELDS, personalValues } from '../support/personal-values'

function logLines(write: (log: ReturnType<typeof createLogger>) => void): string {
  const lines: string[] = []
  const logger = createLogger('info', textLines(lines))
  write(logger)
  return lines.join('')
}

const values = personalValues()
const byName = Object.fromEntries(PERSONAL_FIELDS.map((name) => [name, values[name]]))
const byColumn = Object.fromEntries(PERSONAL_FIELDS.map((name) => [LEAD_FIELDS[name].column, values[name]]))

describe('log redaction', () => {
  test('there is a personal field to check, and each has a value its rule accepts', () => {
    expect(PERSONAL_FIELDS.length).toBeGreaterThan(0)
    for (const name of PERSONAL_FIELDS) expect(values[name], name).toBeTruthy()
  })

  test.each([
    ['at the top', byName],
    ['a request body', { req: { body: byName } }],
    ['a parsed body', { body: byName }],
    ['an enquiry', { enquiry: byName }],
    ['a lead', { lead: byName }],
    ['a stored row, by column', { row: byColumn }],
    ['columns at the top', byColumn],
    ['a payload’s data', { data: byName }],
    ['fields', { fields: byName }],
    ['two levels down', { job: { lead: byName } }],
  ])('%s: none of the personal values reaches the line', (_shape, object) => {
    const line = logLines((log) => log.info(object, 'a lead went by'))
    expect(line).toContain('a lead went by')
    for (const [name, value] of Object.entries(values))
      expect(line, `${name} in: ${line}`).not.toContain(value)
    expect(line).toContain('[redacted]')
  })

  test('an error keeps its message: only a lead’s message is redacted', () => {
    const line = logLines((log) =>
      log.error({ err: new Error('SMTP 421 try later') }, 'notification not sent'),
    )
    expect(line).toContain('SMTP 421 try later')
  })

  test('the redaction follows the table: every personal field’s name and column, and the honeypot', () => {
    for (const name of PERSONAL_FIELDS) {
      expect(REDACT_PATHS.some((p) => p === name || p.endsWith(`.${name}`))).toBe(true)
      expect(REDACT_PATHS.some((p) => p.endsWith(`.${LEAD_FIELDS[name].column}`))).toBe(true)
    }
    expect(REDACT_PATHS).toContain('website')
  })
})
