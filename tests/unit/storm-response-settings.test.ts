/**
 * The storm response's settings as the worker reads them (worker/config.ts): the defaults, and
 * a value out of range refused naming the variable and why.
 */
import { expect, test } from 'vitest'
import { ConfigError } from '../../core/platform/config/helpers'
import { parseWorkerConfig } from '../../worker/config'

const parse = (env: NodeJS.ProcessEnv) => parseWorkerConfig({ NODE_ENV: 'test', ...env })

function refusal(env: NodeJS.ProcessEnv): string {
  try {
    parse(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.message
    throw err
  }
  throw new Error('the settings were accepted')
}

test('unset: alerts from 1 in, a look every 20 seconds', () => {
  expect(parse({}).stormResponse).toEqual({ minIn: 1, pollSeconds: 20 })
  expect(parse({ STORM_ALERT_MIN_IN: '1.5', STORM_RESPONSE_POLL_SECONDS: '60' }).stormResponse).toEqual({
    minIn: 1.5,
    pollSeconds: 60,
  })
})

test('a size outside 0.5–4 in or a look rarer than every 110 s is refused with its reason', () => {
  expect(refusal({ STORM_ALERT_MIN_IN: '0.25' })).toMatch(/STORM_ALERT_MIN_IN.*must be at least 0\.5 in/)
  expect(refusal({ STORM_ALERT_MIN_IN: '5' })).toMatch(/STORM_ALERT_MIN_IN.*must be at most 4 in/)
  expect(refusal({ STORM_ALERT_MIN_IN: 'large' })).toMatch(
    /STORM_ALERT_MIN_IN.*must be a hail size in inches/,
  )
  expect(refusal({ STORM_RESPONSE_POLL_SECONDS: '600' })).toMatch(
    /STORM_RESPONSE_POLL_SECONDS.*within 2 minutes/,
  )
})
