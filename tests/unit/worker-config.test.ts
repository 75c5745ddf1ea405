import { describe, expect, test } from 'vitest'
import { ConfigError, parseEnv } from '../../core/platform/config/helpers'
import { parseWorkerConfig } from '../../worker/config'
import { HealthCheckConfigSchema } from '../../worker/heartbeat'

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

const autoreplyOf = (env: Record<string, string>) =>
  parseWorkerConfig(env).notify.channels.find((c) => c.id === 'autoreply')?.isOn

/** A bad value in `env` stops start-up with `message` among the problems. */
function stopsStartUpNaming(env: object, message: string) {
  expect(problemsOf(env as Record<string, string>).join('\n')).toContain(message)
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseWorkerConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

describe('the worker configuration', () => {
  test('with no notification variables every channel is off, autoreply too, and the defaults hold', () => {
    const c = parseWorkerConfig({})
    expect(c.notify.smtp).toBeUndefined()
    expect(c.notify.channels.map((ch) => [ch.id, ch.isOn, ch.describe()])).toEqual([
      ['office_email', false, 'off (SMTP_URL unset)'],
      ['webhook', false, 'off (LEAD_WEBHOOK_URL unset)'],
      ['autoreply', false, 'off (LEAD_AUTOREPLY is not true)'],
      ['hail_report', false, 'off (SMTP_URL unset, or HAIL_REPORT_EMAIL=false)'],
      ['storm_alerts_confirmation', false, 'off (SMTP_URL unset)'],
      ['office_sms', false, 'off (TWILIO_ACCOUNT_SID unset)'],
    ])
    expect(c.notify.retry.giveUpMs).toBe(72 * 3_600_000)
    expect(c.notify.reconcile.graceMs).toBeLessThanOrEqual(120_000)
  })

  test('a full configuration parses, with the password kept out of the printable URL', () => {
    const c = parseWorkerConfig({
      SMTP_URL: 'smtps://leads%40example.com:p%40ss@smtp.example.com:465',
      LEAD_NOTIFY_TO: 'office@example.com, jake@example.com',
      LEAD_NOTIFY_FROM: 'Website <leads@example.com>',
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads',
      LEAD_WEBHOOK_SECRET: SECRET,
      LEAD_AUTOREPLY: 'true',
    })
    expect(c.notify.smtp).toMatchObject({
      safeUrl: 'smtps://smtp.example.com:465',
      from: 'Website <leads@example.com>',
    })
    expect(Object.fromEntries(c.notify.channels.map((ch) => [ch.id, ch.describe()]))).toEqual({
      office_email: 'on: smtps://smtp.example.com:465 to office@example.com, jake@example.com',
      webhook: 'on: https://hooks.example.com',
      autoreply: 'on',
      hail_report: 'on',
      storm_alerts_confirmation: 'on, when no autoreply or weather report e-mail asks to confirm',
      office_sms: 'off (TWILIO_ACCOUNT_SID unset)',
    })
  })

  test.each([
    [{ SMTP_URL: 'smtp.example.com:587' }, 'SMTP_URL must look like smtp://'],
    [{ SMTP_URL: 'http://smtp.example.com' }, 'SMTP_URL must look like smtp://'],
    [
      {
        SMTP_URL: 'smtp://h:587',
        LEAD_NOTIFY_TO: 'office@example.com, not-an-address',
        LEAD_NOTIFY_FROM: 'a@b.co',
      },
      'LEAD_NOTIFY_TO must be e-mail addresses separated by commas; not an address: "not-an-address"',
    ],
    [
      { SMTP_URL: 'smtp://h:587', LEAD_NOTIFY_FROM: 'a@b.co' },
      'LEAD_NOTIFY_TO must list at least one address',
    ],
    [
      { SMTP_URL: 'smtp://h:587', LEAD_NOTIFY_TO: 'a@b.co' },
      'LEAD_NOTIFY_FROM must be set when SMTP_URL is set',
    ],
    [{ LEAD_NOTIFY_TO: 'a@b.co' }, 'SMTP_URL must be set when LEAD_NOTIFY_TO is set'],
    [{ LEAD_AUTOREPLY: 'true' }, 'SMTP_URL must be set when LEAD_AUTOREPLY=true'],
    [{ LEAD_AUTOREPLY: 'perhaps' }, 'LEAD_AUTOREPLY must be true or false'],
    [
      { LEAD_WEBHOOK_URL: 'http://hooks.example.com/leads', LEAD_WEBHOOK_SECRET: SECRET },
      'LEAD_WEBHOOK_URL must use https://',
    ],
    [
      { LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads' },
      'LEAD_WEBHOOK_SECRET must be set when LEAD_WEBHOOK_URL is set',
    ],
    [
      { LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads', LEAD_WEBHOOK_SECRET: 'hunter2' },
      'LEAD_WEBHOOK_SECRET must be a Standard Webhooks secret',
    ],
    [{ RECONCILE_GRACE_MS: '300000' }, 'RECONCILE_GRACE_MS must be at most 120000 ms'],
    [{ NOTIFY_GIVE_UP_HOURS: '2' }, 'NOTIFY_GIVE_UP_HOURS must be at least 24 hours'],
  ])('a bad value stops start-up naming the variable: %j', stopsStartUpNaming)

  test('http:// is accepted for a webhook on this machine only', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(problemsOf({ LEAD_WEBHOOK_URL: `http://${host}:9000/x`, LEAD_WEBHOOK_SECRET: SECRET })).toEqual(
        [],
      )
    }
  })

  test('LEAD_AUTOREPLY takes the same yes/no words as every other flag', () => {
    const smtp = { SMTP_URL: 'smtp://h:587', LEAD_NOTIFY_TO: 'a@b.co', LEAD_NOTIFY_FROM: 'a@b.co' }
    for (const on of ['true', 'TRUE', '1', 'yes', 'Yes'])
      expect(autoreplyOf({ ...smtp, LEAD_AUTOREPLY: on })).toBe(true)
    for (const off of ['false', '0', 'no', ''])
      expect(autoreplyOf({ ...smtp, LEAD_AUTOREPLY: off })).toBe(false)
  })

  test('every problem is reported by one start-up: shared settings, channel rules and the rules between them', () => {
    const problems = problemsOf({
      SITE_URL: 'nonsense',
      LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads',
      NOTIFY_GIVE_UP_HOURS: '2',
    })
    expect(problems.some((p) => p.startsWith('SITE_URL'))).toBe(true)
    expect(problems.some((p) => p.startsWith('NOTIFY_GIVE_UP_HOURS'))).toBe(true)
    expect(problems.some((p) => p.startsWith('LEAD_WEBHOOK_SECRET must be set'))).toBe(false)
    // Once the worker's own variables are readable, the rules between them are checked too,
    // whatever else is wrong.
    const later = problemsOf({ SITE_URL: 'nonsense', LEAD_WEBHOOK_URL: 'https://hooks.example.com/leads' })
    expect(later.some((p) => p.startsWith('SITE_URL'))).toBe(true)
    expect(later.some((p) => p.startsWith('LEAD_WEBHOOK_SECRET must be set'))).toBe(true)
  })

  test('the healthcheck reads the heartbeat settings alone', () => {
    expect(
      parseEnv(HealthCheckConfigSchema, { SITE_URL: 'nonsense', WORKER_HEARTBEAT_MAX_AGE_SECONDS: '30' }),
    ).toMatchObject({
      workerHeartbeat: { maxAgeMs: 30_000 },
    })
    expect(() => parseEnv(HealthCheckConfigSchema, { WORKER_HEARTBEAT_MAX_AGE_SECONDS: '5' })).toThrow(
      /WORKER_HEARTBEAT_MAX_AGE_SECONDS must be at least 20 seconds/,
    )
  })
})

describe('the storm data settings', () => {
  test('the storm data refresh is on in production only, unless STORM_REFRESH says otherwise', () => {
    expect(parseWorkerConfig({}).stormRefresh.on).toBe(false)
    expect(parseWorkerConfig({ NODE_ENV: 'test' }).stormRefresh.on).toBe(false)
    expect(parseWorkerConfig({ NODE_ENV: 'production' }).stormRefresh.on).toBe(true)
    expect(parseWorkerConfig({ NODE_ENV: 'production', STORM_REFRESH: 'false' }).stormRefresh.on).toBe(false)
    expect(parseWorkerConfig({ NODE_ENV: 'development', STORM_REFRESH: 'yes' }).stormRefresh.on).toBe(true)
    expect(parseWorkerConfig({ NODE_ENV: 'production', STORM_REFRESH: '' }).stormRefresh.on).toBe(true)
  })

  test('the storm data and geocoder settings have defaults that reach NOAA and the Census Bureau', () => {
    const c = parseWorkerConfig({})
    expect(c.stormRefresh).toEqual({
      on: false,
      states: ['CO'],
      intervalHours: 24,
      years: 6,
      nceiUrl: 'https://www.ncei.noaa.gov/pub/data/swdi/stormevents/csvfiles/',
      spcUrl: 'https://www.spc.noaa.gov/climo/reports/',
      meshUrl: 'https://noaa-mrms-pds.s3.amazonaws.com/CONUS/MESH_Max_1440min_00.50/',
      fetchTimeoutMs: 60_000,
      fetchMaxBytes: 100 * 1024 * 1024,
    })
    expect(c.geocoder).toEqual({ baseUrl: 'https://geocoding.geo.census.gov/geocoder', timeoutMs: 5000 })
  })

  test('storm states are read as codes, and the URLs of local stand-ins are taken as directories', () => {
    const c = parseWorkerConfig({
      STORM_STATES: 'co, wy,CO',
      NCEI_STORM_EVENTS_URL: 'http://127.0.0.1:8080/ncei',
      SPC_REPORTS_URL: 'http://127.0.0.1:8080/spc/',
      MRMS_MESH_URL: 'http://127.0.0.1:8080/mesh',
      CENSUS_GEOCODER_URL: 'http://127.0.0.1:8081/geocoder/',
    })
    expect(c.stormRefresh).toMatchObject({
      states: ['CO', 'WY'],
      nceiUrl: 'http://127.0.0.1:8080/ncei/',
      spcUrl: 'http://127.0.0.1:8080/spc/',
      meshUrl: 'http://127.0.0.1:8080/mesh/',
    })
    expect(c.geocoder.baseUrl).toBe('http://127.0.0.1:8081/geocoder')
    expect(parseWorkerConfig({ STORM_STATES: 'all' }).stormRefresh.states).toBe('all')
  })

  test.each([
    [{ STORM_REFRESH: 'perhaps' }, 'STORM_REFRESH must be true or false'],
    [{ STORM_STATES: 'Colorado' }, 'STORM_STATES must be two-letter state codes separated by commas'],
    [{ STORM_YEARS: '5' }, 'STORM_YEARS must be at least 6 years: a report covers the past 5 years'],
    [{ STORM_REFRESH_HOURS: '0.5' }, 'STORM_REFRESH_HOURS must be at least 1 hour'],
    [
      { NCEI_STORM_EVENTS_URL: 'ftp://ftp.ncei.noaa.gov/pub/' },
      'NCEI_STORM_EVENTS_URL must be an absolute http(s) URL',
    ],
    [{ STORM_FETCH_MAX_BYTES: '100MB' }, 'STORM_FETCH_MAX_BYTES must be a number of bytes'],
    [{ GEOCODER_TIMEOUT_MS: '5s' }, 'GEOCODER_TIMEOUT_MS must be a number of milliseconds'],
  ])('a bad value stops start-up naming the variable: %j', stopsStartUpNaming)
})

describe('the settings of the lead’s life after the form', () => {
  test('texts to the office through Twilio, and the nudge’s defaults', () => {
    const c = parseWorkerConfig({
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'the-auth-token',
      TWILIO_FROM: '(720) 555-0100',
      OFFICE_SMS_TO: '+1 303 555 0142',
    })
    expect(Object.fromEntries(c.notify.channels.map((ch) => [ch.id, ch.describe()]))).toMatchObject({
      // The number in E.164, the account by its first characters, never the auth token.
      office_sms: 'on: +13035550142 from +17205550100 via Twilio (account AC012345…)',
    })
    expect(JSON.stringify(c.notify.channels.map((ch) => ch.describe()))).not.toContain('the-auth-token')
    expect(c.sms).toMatchObject({
      to: '+13035550142',
      from: '+17205550100',
      apiUrl: 'https://api.twilio.com',
    })
    expect(c.leadLife).toEqual({
      nudgeAfterMs: 15 * 60_000,
      officeHours: { openMin: 7 * 60, closeMin: 19 * 60 },
      // The follow-ups' defaults: a day and three days after the lead, 8 AM to 7 PM in Denver.
      followUpAfterMs: [86_400_000, 3 * 86_400_000],
      followUpHours: { openMin: 8 * 60, closeMin: 19 * 60 },
    })
  })

  test.each([
    [{ OFFICE_NUDGE_AFTER: '15' }, 'OFFICE_NUDGE_AFTER must be a whole number with its unit, s, m, h or d'],
    [{ OFFICE_NUDGE_AFTER: '30s' }, 'OFFICE_NUDGE_AFTER must be from 1m to 1d'],
    [{ OFFICE_HOURS: '7 to 7' }, 'OFFICE_HOURS must be two times of day on the business clock'],
    [{ OFFICE_HOURS: '19-07' }, 'OFFICE_HOURS must close after it opens on the same day'],
    [{ TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}` }, 'TWILIO_AUTH_TOKEN must be set with TWILIO_ACCOUNT_SID'],
    [{ TWILIO_ACCOUNT_SID: 'SK123' }, 'TWILIO_ACCOUNT_SID must be the account SID from the Twilio console'],
    [{ OFFICE_SMS_TO: '555-0100' }, 'OFFICE_SMS_TO must be a phone number that can take texts'],
    [
      { TWILIO_API_URL: 'http://twilio.example.com' },
      'TWILIO_API_URL must use https:// (the auth token goes with each request)',
    ],
  ])('a bad value stops start-up naming the variable: %j', (env, message) => {
    expect(problemsOf(env as Record<string, string>).join('\n')).toContain(message)
  })
})
