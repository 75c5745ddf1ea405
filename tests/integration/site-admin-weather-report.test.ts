/**
 * `site-admin storms report "ADDRESS" [--pdf FILE]`, run in-process through runAdmin as the
 * office runs it before a call: storms imported from the NOAA fixture files into a real SQLite
 * file, the home placed by a local stand-in of the Census geocoder (HTTP on loopback, in its
 * JSON format), the report printed as text and written as a PDF whose text is read back.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { runAdminCaptured } from '../support/admin'
import { startGeocoderPeer, type GeocoderPeer } from '../support/geocoder-peer'
import { useTempDir } from '../support/temp-dir'

const FIXTURES = path.resolve(__dirname, '../fixtures/storms')
const NCEI = path.join(FIXTURES, 'StormEvents_details-ftp_v1.0_d2024_c20250401.csv')
/** Where the stand-in places '11020 S Pikes Peak Dr': Parker, near the fixture's June storms. */
const HOME = { latitude: 39.5186, longitude: -104.7614 }

const tempDir = useTempDir('roofing-admin-storm-report-')
let geocoder: GeocoderPeer
let env: NodeJS.ProcessEnv

beforeAll(async () => {
  geocoder = await startGeocoderPeer((address) =>
    address.startsWith('11020 S Pikes Peak Dr')
      ? { ...HOME, matchedAddress: '11020 S PIKES PEAK DR, PARKER, CO, 80138' }
      : undefined,
  )
  const dbPath = path.join(tempDir(), 'roofing.db')
  openMigratedDatabase(dbPath).close()
  env = {
    DATABASE_PATH: dbPath,
    CENSUS_GEOCODER_URL: geocoder.url,
    GEOCODER_TIMEOUT_MS: '2000',
    BUSINESS_NAME: 'Front Range Roofing Co.',
    BUSINESS_PHONE: '(303) 555-0142',
  }
  const imported = await admin(['storms', 'import', NCEI])
  expect(imported.code).toBe(0)
})
afterAll(async () => {
  await geocoder?.close()
})

const admin = (argv: string[]) => runAdminCaptured(argv, { env, at: new Date('2025-06-01T12:00:00Z') })

async function pdfText(file: string): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0 }).promise
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return pages.join('\n')
}

describe('site-admin storms report', () => {
  test('prints the report of an address for the office, and writes the PDF the homeowner receives', async () => {
    const pdf = path.join(tempDir(), 'report.pdf')
    const { code, out, err } = await admin([
      'storms',
      'report',
      '11020 S Pikes Peak Dr, Parker, CO 80138',
      '--pdf',
      pdf,
    ])
    expect(err).toBe('')
    expect(code).toBe(0)
    expect(out).toContain('11020 S Pikes Peak Dr, Parker, CO 80138')
    expect(out).toContain('located by street address')
    // The fixture's 1.75 in hail of 12 June 2024 at 39.53, -104.77 lies 0.8 mi N of the home.
    expect(out).toMatch(/1\.75 in hail 0\.\d mi N\w* on 12 Jun 2024/)
    expect(out).toMatch(/FINAL/)
    // A storm 40 miles away (Colorado Springs, 38.83 -104.82) is not in a 10-mile report.
    expect(out).not.toMatch(/\b4\d\.\d mi\b/)
    expect(out).toMatch(
      new RegExp(`PDF written to ${pdf.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} \\(\\d+ KB\\)`),
    )
    expect(existsSync(pdf)).toBe(true)
    const text = await pdfText(pdf)
    expect(text).toContain('Extreme Weather Report')
    expect(text).toContain('Front Range Roofing Co.')
  })

  test('an address nobody can place is refused with a reason and exit 1', async () => {
    const { code, err } = await admin(['storms', 'report', 'Somewhere far away'])
    expect(code).toBe(1)
    expect(err).toMatch(/^site-admin: Could not place "Somewhere far away"/)
  })

  test('a ZIP code the geocoder does not know places the home by its centre, and says so', async () => {
    const { code, out } = await admin(['storms', 'report', '1 Unknown Rd, Parker, CO 80134'])
    expect(code).toBe(0)
    expect(out).toContain('located by ZIP code 80134')
  })
})
