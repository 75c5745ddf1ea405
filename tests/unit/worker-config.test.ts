import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../core/config'
import { parseWorkerConfig } from '../../worker/config'

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`

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
    expect(c.notify).toMatchObject({ smtp: undefined, webhook: undefined, autoreply: false, notifyTo: [] })
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
    expect(c.notify.notifyTo).toEqual(['office@example.com', 'jake@example.com'])
    expect(c.notify.smtp?.safeUrl).toBe('smtps://smtp.example.com:465')
    expect(c.notify.autoreply).toBe(true)
    expect(c.notify.webhook?.url).toBe('https://hooks.example.com/leads')
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
    [{ LEAD_AUTOREPLY: 'yes' }, 'LEAD_AUTOREPLY must be true or false'],
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
  ])('a bad value stops start-up naming the variable: %j', (env, message) => {
    expect(problemsOf(env as Record<string, string>).join('\n')).toContain(message)
  })

  test('http:// is accepted for a webhook on this machine only', () => {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(problemsOf({ LEAD_WEBHOOK_URL: `http://${host}:9000/x`, LEAD_WEBHOOK_SECRET: SECRET })).toEqual(
        [],
      )
    }
  })

  test('problems of the base schema and of the worker schema are reported together', () => {
    const problems = problemsOf({ PORT: 'abc', SMTP_URL: 'nope' })
    expect(problems.some((p) => p.startsWith('PORT'))).toBe(true)
    expect(problems.some((p) => p.startsWith('SMTP_URL'))).toBe(true)
  })
})
