/**
 * The production guard and .env, through the real entry points: the compose stack sets
 * REFUSE_SAMPLE_VALUES, and web and worker must then refuse the sample values of
 * .env.example, naming each with what to set. Each process runs in a temporary folder
 * with its own .env.
 */
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { findSampleValues } from '../../core/platform/config/load'
import { parseWebConfig } from '../../server/config'
import { cleanEnv, ROOT, runEntry } from '../support/entry-points'
import { createQueuePrefix, deleteKeys, getRedisUrl } from '../support/redis'
import { useTempDir } from '../support/temp-dir'

const tempDir = useTempDir('roofing-guard-')

describe('the production guard', () => {
  test('the web process refuses the sample values of .env.example, naming each with what to set', async () => {
    const cwd = mkdtempSync(path.join(tempDir(), 'web-'))
    copyFileSync(path.join(ROOT, '.env.example'), path.join(cwd, '.env'))
    const { code, output } = await runEntry('bin/server.ts', {
      cwd,
      env: cleanEnv({ REFUSE_SAMPLE_VALUES: 'true', DATABASE_PATH: path.join(cwd, 'leads.db') }),
    })
    expect(code).toBe(1)
    expect(output).toContain(
      'Refusing to start: these settings still hold the sample values of .env.example.',
    )
    expect(output).toMatch(/SITE_URL is still the example address https:\/\/www\.example\.com: set it to/)
    expect(output).toMatch(/BUSINESS_PHONE is still the sample number \(303\) 555-0142: set it to/)
    expect(output).toMatch(
      /BUSINESS_EMAIL is still the sample address info@frontrangeroofing\.example: set it to/,
    )
    expect(output).toMatch(/BOOKING_URL is still the sample booking page .*: set it to/)
    expect(output).toContain('ALLOW_SAMPLE_VALUES=true')
  })

  test('variables set in the environment win over .env: only what is still a sample is named', async () => {
    const cwd = mkdtempSync(path.join(tempDir(), 'env-wins-'))
    copyFileSync(path.join(ROOT, '.env.example'), path.join(cwd, '.env'))
    const { code, output } = await runEntry('bin/worker.ts', {
      cwd,
      env: cleanEnv({
        REFUSE_SAMPLE_VALUES: 'true',
        SITE_URL: 'https://www.front-range-roofing.com',
        BUSINESS_PHONE: '(720) 381-2290',
        BUSINESS_EMAIL: 'office@front-range-roofing.com',
      }),
    })
    expect(code).toBe(1)
    expect(output).toMatch(/BOOKING_URL is still the sample booking page/)
    expect(output).not.toMatch(/SITE_URL is|BUSINESS_PHONE is|BUSINESS_EMAIL is/)
  })

  test('ALLOW_SAMPLE_VALUES=true starts anyway and logs each sample value as a warning', async () => {
    const cwd = mkdtempSync(path.join(tempDir(), 'allow-'))
    copyFileSync(path.join(ROOT, '.env.example'), path.join(cwd, '.env'))
    const prefix = createQueuePrefix('guard')
    const redisUrl = getRedisUrl()
    try {
      const { code, output } = await runEntry('bin/worker.ts', {
        cwd,
        env: cleanEnv({
          REFUSE_SAMPLE_VALUES: 'true',
          ALLOW_SAMPLE_VALUES: 'true',
          REDIS_URL: redisUrl,
          QUEUE_PREFIX: prefix,
          DATABASE_PATH: path.join(cwd, 'leads.db'),
          WORKER_HEARTBEAT_FILE: path.join(cwd, 'heartbeat.json'),
        }),
        until: /worker started/,
      })
      expect(output).toMatch(/"msg":"settings read from \.env"/)
      for (const name of ['SITE_URL', 'BUSINESS_PHONE', 'BUSINESS_EMAIL', 'BOOKING_URL'])
        expect(output).toMatch(
          new RegExp(`"level":40.*ALLOW_SAMPLE_VALUES=true, starting anyway: ${name} is`),
        )
      expect(output).toContain('worker started')
      expect(code).toBe(0)
    } finally {
      await deleteKeys(redisUrl, prefix)
    }
  })

  test('without the compose stack (no REFUSE_SAMPLE_VALUES) sample values are accepted, so a bare machine starts on its defaults', async () => {
    const cwd = mkdtempSync(path.join(tempDir(), 'bare-'))
    copyFileSync(path.join(ROOT, '.env.example'), path.join(cwd, '.env'))
    const prefix = createQueuePrefix('guard-bare')
    const { output } = await runEntry('bin/worker.ts', {
      cwd,
      env: cleanEnv({
        REDIS_URL: getRedisUrl(),
        QUEUE_PREFIX: prefix,
        DATABASE_PATH: path.join(cwd, 'leads.db'),
        WORKER_HEARTBEAT_FILE: path.join(cwd, 'heartbeat.json'),
      }),
      until: /worker started/,
    })
    await deleteKeys(getRedisUrl(), prefix)
    expect(output).toContain('worker started')
    expect(output).not.toMatch(/sample/)
  })

  test('under compose, a trailing slash in SITE_URL is refused: Caddy would serve the home page only', async () => {
    const cwd = mkdtempSync(path.join(tempDir(), 'slash-'))
    writeFileSync(path.join(cwd, '.env'), 'SITE_URL=https://www.front-range-roofing.com/\n')
    const { code, output } = await runEntry('bin/worker.ts', {
      cwd,
      env: cleanEnv({ REFUSE_SAMPLE_VALUES: 'true' }),
    })
    expect(code).toBe(1)
    expect(output).toContain('SITE_URL ends with "/": write it without the trailing slash')
  })
})

/** A business's own settings, none of them a sample. */
const REAL_VALUES = {
  SITE_URL: 'https://www.front-range-roofing.com',
  BUSINESS_PHONE: '(720) 381-2290',
  BUSINESS_EMAIL: 'office@front-range-roofing.com',
  BOOKING_URL: 'https://calendly.com/front-range-roofing/inspection',
}

describe('findSampleValues', () => {
  const check = (env: Record<string, string>) => findSampleValues(env, parseWebConfig(env))

  test('real values pass', () => {
    expect(check(REAL_VALUES)).toEqual([])
  })

  test('an unset SITE_URL, any reserved example domain and a fictional 555-01xx number are caught too', () => {
    const problems = check({
      BUSINESS_PHONE: '+1 720 555 0199',
      BUSINESS_EMAIL: 'owner@roofing.example.com',
      BOOKING_URL: 'https://booking.example.org/roof',
    })
    expect(problems).toHaveLength(4)
    expect(problems[0]).toMatch(/^SITE_URL is not set: set it to the public address of the site/)
    expect(problems[1]).toMatch(/^BUSINESS_PHONE is still the sample number/)
    expect(problems[2]).toMatch(/^BUSINESS_EMAIL is still the sample address/)
    expect(problems[3]).toMatch(/^BOOKING_URL is still the sample booking page/)
  })
})
