/**
 * Placing a home against a local stand-in of the US Census Bureau geocoder, answering in its
 * format: the street address when it matches, else the ZIP code's centre, else the city's,
 * else nothing.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { locateAddress } from '../../core/storms/geocode'

const MATCHED = '10500 S PARKER RD, PARKER, CO, 80134'
const TIMEOUT_MS = 400

/** What the stand-in does, chosen by a word in the address. */
function answerFor(address: string): { status: number; body?: unknown; hang?: boolean } {
  if (address.includes('Hang')) return { status: 200, hang: true }
  if (address.includes('Broken')) return { status: 500, body: { errors: ['internal error'] } }
  const matches = address.startsWith('10500 S Parker Rd')
    ? [{ matchedAddress: MATCHED, coordinates: { x: -104.7612345, y: 39.5187654 } }]
    : []
  return { status: 200, body: { result: { input: { address: { address } }, addressMatches: matches } } }
}

let server: Server
let baseUrl: string
const requests: URL[] = []
/** Addresses whose request the caller gave up on: it closed the connection before an answer. */
const abandoned: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    requests.push(url)
    if (url.pathname !== '/geocoder/locations/onelineaddress') {
      res.writeHead(404).end()
      return
    }
    const address = url.searchParams.get('address') ?? ''
    res.on('close', () => {
      if (!res.writableEnded) abandoned.push(address)
    })
    const answer = answerFor(address)
    if (answer.hang) return // never answers: the caller's timeout must end the wait
    res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/geocoder`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const settings = () => ({ baseUrl, timeoutMs: TIMEOUT_MS })

describe('locating a home', () => {
  test('a street address the geocoder matches is placed where it says: x is the longitude, y the latitude', async () => {
    const location = await locateAddress('10500 S Parker Rd, Parker, CO 80134', settings())
    expect(location).toEqual({
      latitude: 39.5187654,
      longitude: -104.7612345,
      locatedBy: 'address',
      matched: MATCHED,
    })
    const asked = requests.at(-1)!
    expect(asked.searchParams.get('address')).toBe('10500 S Parker Rd, Parker, CO 80134')
    expect(asked.searchParams.get('benchmark')).toBe('Public_AR_Current')
    expect(asked.searchParams.get('format')).toBe('json')
  })

  test('an address without a match falls back to the centre of its ZIP code', async () => {
    const location = await locateAddress('1 Nowhere Ln, Parker, CO 80134', settings())
    expect(location).toMatchObject({ locatedBy: 'zip', matched: 'ZIP code 80134', zip: '80134' })
    expect(location!.latitude).toBeCloseTo(39.49, 1)
    expect(location!.longitude).toBeCloseTo(-104.84, 1)
  })

  test('a geocoder that does not answer in time is cut off at the timeout, and the ZIP code places the home', async () => {
    // It never answers: only the timeout ends the wait (else the test's own timeout does).
    const location = await locateAddress('9 Hang Ct, Aurora, CO 80016-1234', settings())
    expect(location).toMatchObject({ locatedBy: 'zip', zip: '80016' })
    // The request was given up, not left open.
    await expect.poll(() => abandoned).toContain('9 Hang Ct, Aurora, CO 80016-1234')
  })

  test('a geocoder that fails (500) gives the ZIP code too', async () => {
    expect(await locateAddress('5 Broken Way, Denver, CO 80202', settings())).toMatchObject({
      locatedBy: 'zip',
      zip: '80202',
    })
  })

  test('a geocoder that cannot be reached gives the ZIP code', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const location = await locateAddress('1 Nowhere Ln, Parker, CO 80134', {
      baseUrl: 'http://127.0.0.1:1/geocoder',
      timeoutMs: TIMEOUT_MS,
    })
    expect(location).toMatchObject({ locatedBy: 'zip', zip: '80134' })
  })

  test('without a ZIP code, a service-area city named in the address gives its centre', async () => {
    const location = await locateAddress('1 Nowhere Ln, Parker, Colorado', settings())
    expect(location).toMatchObject({ locatedBy: 'city', matched: 'Parker, CO' })
    // Between Parker's two ZIP codes, 80134 and 80138.
    expect(location!.latitude).toBeCloseTo(39.5, 1)
    expect(location!.longitude).toBeCloseTo(-104.78, 1)
  })

  test('a street named after another city does not pick that city: the city follows the street', async () => {
    expect(await locateAddress('77 S Parker Rd, Aurora', settings())).toMatchObject({
      locatedBy: 'city',
      matched: 'Aurora, CO',
    })
  })

  test('a five-digit street number is not taken for a ZIP code', async () => {
    expect(await locateAddress('10234 Main St, Castle Rock', settings())).toMatchObject({
      locatedBy: 'city',
      matched: 'Castle Rock, CO',
    })
  })

  test('an address that no step can place gives nothing, so the office follows up', async () => {
    expect(await locateAddress('somewhere over the rainbow', settings())).toBeUndefined()
    expect(await locateAddress('9 Hang Ct, Springfield', settings())).toBeUndefined()
    expect(await locateAddress('   ', settings())).toBeUndefined()
  })
})
