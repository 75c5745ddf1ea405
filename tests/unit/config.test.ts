import { describe, expect, test } from 'vitest'
import { ConfigError } from '../../core/platform/config/helpers'
import { parseAdminConfig } from '../../admin/config'
import { parseWebConfig } from '../../server/config'
import { parseWorkerConfig } from '../../worker/config'

describe('the web process configuration', () => {
  test('an empty environment gives the embedded defaults', () => {
    const config = parseWebConfig({})
    expect(config.port).toBe(3000)
    expect(config.databasePath).toBe('data/roofing.db')
    expect(config.siteUrl).toBe('http://localhost:3000')
    expect(config.redisUrl).toBeUndefined()
    expect(config.trustProxy).toEqual(['loopback'])
    expect(config.backupDir).toBe('data/backups')
    expect(config.sampleValues).toEqual({ refuse: false, allow: false })
    expect(config.business.phone).toMatch(/\d{3}.*\d{4}/)
  })

  test('PORT, DATABASE_PATH and SITE_URL are honoured, and a trailing slash is dropped', () => {
    const config = parseWebConfig({
      PORT: '3999',
      DATABASE_PATH: '/tmp/x.db',
      SITE_URL: 'https://roof.example.com/',
    })
    expect(config.port).toBe(3999)
    expect(config.databasePath).toBe('/tmp/x.db')
    expect(config.siteUrl).toBe('https://roof.example.com')
    // Backups go beside the database unless BACKUP_DIR says otherwise.
    expect(config.backupDir).toBe('/tmp/backups')
    expect(parseWebConfig({ BACKUP_DIR: '/srv/backups' }).backupDir).toBe('/srv/backups')
  })

  test('a bad value is refused with a message naming the variable and what is wrong', () => {
    expect(() => parseWebConfig({ SITE_URL: 'nonsense' })).toThrow(ConfigError)
    try {
      parseWebConfig({ SITE_URL: 'nonsense', PORT: 'abc', TRUST_PROXY: 'true', REDIS_URL: 'localhost:6379' })
    } catch (err) {
      const message = (err as Error).message
      expect(message).toMatch(/SITE_URL must be an absolute http\(s\) URL/)
      expect(message).toMatch(/PORT must be a port number/)
      expect(message).toMatch(/TRUST_PROXY must list the addresses or subnets of your reverse proxies/)
      expect(message).toMatch(/REDIS_URL must start with redis:\/\//)
      return
    }
    throw new Error('expected parseConfig to throw')
  })

  test('a port outside 0-65535 and an unknown log level are refused', () => {
    expect(() => parseWebConfig({ PORT: '70000' })).toThrow(/PORT must be between 0 and 65535/)
    expect(() => parseWebConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/)
  })

  test('SITE_URL must be the address of the site only: a path would make Caddy serve that path alone', () => {
    expect(() => parseWebConfig({ SITE_URL: 'https://www.roofing.test/site' })).toThrow(
      /SITE_URL must be the address of the site only, without a path/,
    )
    expect(() => parseWebConfig({ SITE_URL: 'https://www.roofing.test/?x=1' })).toThrow(/without a path/)
  })
})

describe('TRUST_PROXY', () => {
  test('takes names, addresses and subnets of the proxies, comma-separated', () => {
    expect(parseWebConfig({ TRUST_PROXY: 'loopback, uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ])
    expect(parseWebConfig({ TRUST_PROXY: '10.0.0.5,172.18.0.0/16, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '172.18.0.0/16',
      'fd00::/8',
    ])
  })

  test('none (or an empty value) trusts no proxy at all', () => {
    expect(parseWebConfig({ TRUST_PROXY: 'none' }).trustProxy).toEqual([])
    expect(parseWebConfig({ TRUST_PROXY: '' }).trustProxy).toEqual([])
  })

  test.each([
    ['1', /not a number of hops/],
    ['2', /not a number of hops/],
    ['true', /trusting every address lets any client forge its own/],
    ['*', /trusting every address/],
    ['0.0.0.0/0', /\/0 trusts every address/],
    ['::/0', /\/0 trusts every address/],
    ['10.0.0.0/33', /subnet size must be \/1 to \/32/],
    [
      'my-proxy',
      /"my-proxy", which is not an IP address, a subnet or one of loopback, linklocal, uniquelocal/,
    ],
  ])('%s is refused: %s', (value, message) => {
    expect(() => parseWebConfig({ TRUST_PROXY: value })).toThrow(message)
  })
})

describe('backup settings (worker and site-admin)', () => {
  test('BACKUP_INTERVAL_HOURS 0 turns automatic backups off; out-of-range values are refused', () => {
    expect(parseAdminConfig({}).backup).toEqual({ dir: 'data/backups', intervalHours: 24, keep: 14 })
    expect(parseAdminConfig({ BACKUP_INTERVAL_HOURS: '0' }).backup.intervalHours).toBe(0)
    expect(parseWorkerConfig({ BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '30' }).backup).toMatchObject({
      intervalHours: 6,
      keep: 30,
    })
    expect(() => parseAdminConfig({ BACKUP_INTERVAL_HOURS: '-1' })).toThrow(
      /BACKUP_INTERVAL_HOURS must be 0 \(off\)/,
    )
    expect(() => parseWorkerConfig({ BACKUP_INTERVAL_HOURS: '200' })).toThrow(/at most 168 hours/)
    expect(() => parseAdminConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must keep at least 1 backup/)
  })
})

describe('each process reads only its own settings', () => {
  test('a variable shared by two processes is read the same way by both', () => {
    for (const parse of [parseWebConfig, parseWorkerConfig]) {
      expect(() => parse({ ALLOW_SAMPLE_VALUES: 'perhaps' })).toThrow(
        /ALLOW_SAMPLE_VALUES must be true or false/,
      )
      expect(parse({ REFUSE_SAMPLE_VALUES: 'yes', SITE_URL: 'https://www.roofing.test/' })).toMatchObject({
        siteUrl: 'https://www.roofing.test',
        sampleValues: { refuse: true, allow: false },
      })
    }
    expect(parseWorkerConfig({ DATABASE_PATH: '/srv/leads.db' }).backup.dir).toBe(
      parseAdminConfig({ DATABASE_PATH: '/srv/leads.db' }).backup.dir,
    )
  })

  test('site-admin ignores the settings of the site, so an export works whatever they say', () => {
    expect(parseAdminConfig({ SITE_URL: 'nonsense', PORT: 'abc', BUSINESS_PHONE: '1' }).databasePath).toBe(
      'data/roofing.db',
    )
  })

  test("the web process leaves the worker's and compose's variables alone", () => {
    expect(() =>
      parseWebConfig({
        SMTP_URL: 'nope',
        BACKUP_KEEP: '0',
        WORKER_HEARTBEAT_MAX_AGE_SECONDS: '1',
        HTTP_PORT: 'eighty',
      }),
    ).not.toThrow()
  })
})
