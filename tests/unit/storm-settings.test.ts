/**
 * The storms feature's settings (core/storms/settings.ts): one reading of a list of states for
 * STORM_STATES and `site-admin storms import --states`.
 */
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { parseStateList, STORM_SETTINGS } from '../../core/storms/settings'

describe('a list of states', () => {
  test('codes in any case and spacing, each kept once; all is the whole country', () => {
    expect(parseStateList(' co, wy ,CO,')).toEqual({ states: ['CO', 'WY'] })
    expect(parseStateList(' ALL ')).toEqual({ states: 'all' })
  })

  test('anything else names what is no state code', () => {
    expect(parseStateList('CO, Colorado, W')).toEqual({ bad: ['COLORADO', 'W'] })
    expect(parseStateList(' , ')).toEqual({ bad: [] })
  })

  test('STORM_STATES defaults to CO and says what is wrong with a bad list', () => {
    const schema = z.object(STORM_SETTINGS)
    expect(schema.parse({}).STORM_STATES).toEqual(['CO'])
    const result = schema.safeParse({ STORM_STATES: 'CO, Wyoming' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(
      'must be two-letter state codes separated by commas, e.g. CO or CO, WY, or all; not a state code: "WYOMING"',
    )
  })
})
