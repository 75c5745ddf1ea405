import { describe, expect, test } from 'vitest'
import { ConfigError, parseConfig } from '../../server/config'

describe('parseConfig', () => {
  test('an empty environment gives the embedded defaults', () => {
    const config = parseConfig({})
    expect(config.port).toBe(3000)
    expect(config.databasePath).toBe('data/roofing.db')
    expect(config.siteUrl).toBe('http://localhost:3000')
    expect(config.redisUrl).toBeUndefined()
    expect(config.trustProxy).toBe(0)
    expect(config.business.phone).toMatch(/\d{3}.*\d{4}/)
  })

  test('PORT, DATABASE_PATH and SITE_URL are honoured, and a trailing slash is dropped', () => {
    const config = parseConfig({
      PORT: '3999',
      DATABASE_PATH: '/tmp/x.db',
      SITE_URL: 'https://roof.example.com/',
    })
    expect(config.port).toBe(3999)
    expect(config.databasePath).toBe('/tmp/x.db')
    expect(config.siteUrl).toBe('https://roof.example.com')
  })

  test('a bad value is refused with a message naming the variable and what is wrong', () => {
    expect(() => parseConfig({ SITE_URL: 'nonsense' })).toThrow(ConfigError)
    try {
      parseConfig({ SITE_URL: 'nonsense', PORT: 'abc', TRUST_PROXY: 'true', REDIS_URL: 'localhost:6379' })
    } catch (err) {
      const message = (err as Error).message
      expect(message).toMatch(/SITE_URL must be an absolute http\(s\) URL/)
      expect(message).toMatch(/PORT must be a port number/)
      expect(message).toMatch(/TRUST_PROXY must be a number of proxy hops/)
      expect(message).toMatch(/REDIS_URL must start with redis:\/\//)
      return
    }
    throw new Error('expected parseConfig to throw')
  })

  test('a port outside 0-65535 and an unknown log level are refused', () => {
    expect(() => parseConfig({ PORT: '70000' })).toThrow(/PORT must be between 0 and 65535/)
    expect(() => parseConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of/)
  })
})
