/**
 * A local stand-in of the US Census Bureau geocoder: an HTTP server on loopback that answers
 * `/locations/onelineaddress?address=…` in the geocoder's JSON format, placing the addresses
 * that `place` knows and matching none of the others. Used by the tests and `npm run bench:report`.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LatLon } from '../../core/storms/types'

export interface GeocoderPeer {
  /** CENSUS_GEOCODER_URL for it. */
  url: string
  /** While true, every request is answered 503, as a geocoder that is down. */
  down: boolean
  /** How many requests it has had. */
  readonly asked: number
  close(): Promise<void>
}

export async function startGeocoderPeer(
  place: (address: string) => (LatLon & { matchedAddress: string }) | undefined,
  opts: { delayMs?: number } = {},
): Promise<GeocoderPeer> {
  let down = false
  let asked = 0
  const server = createServer((req, res) => {
    asked++
    if (down) {
      res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Service Unavailable')
      return
    }
    const address = new URL(req.url ?? '/', 'http://x').searchParams.get('address') ?? ''
    const found = place(address)
    const matches = found
      ? [{ matchedAddress: found.matchedAddress, coordinates: { x: found.longitude, y: found.latitude } }]
      : []
    setTimeout(() => {
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify({ result: { input: { address: { address } }, addressMatches: matches } }))
    }, opts.delayMs ?? 0)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/geocoder`,
    get down() {
      return down
    },
    set down(value: boolean) {
      down = value
    },
    get asked() {
      return asked
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A `place` for startGeocoderPeer: an address that contains one of the streets is placed at its point. */
export function placeStreets(
  streets: Record<string, LatLon>,
): (address: string) => (LatLon & { matchedAddress: string }) | undefined {
  return (address) => {
    const street = Object.keys(streets).find((s) => address.includes(s))
    return street === undefined ? undefined : { ...streets[street]!, matchedAddress: address.toUpperCase() }
  }
}
