/**
 * The office's storm briefing against a real SQLite store and a real SMTP peer: a storm day's
 * radar cells stored as the import stores them (hail over Denver, Central Park and Englewood, a
 * smaller core over Aurora, light hail at Longmont, the day's largest far from any city), three
 * homes hit with their alerts' outcomes. The e-mail is read back as the office's mail client
 * reads it: the subject, the day, the largest hail, the cities crossed with their sizes, the map
 * inline by Content-ID, the homes largest first with call and directions links and what their
 * alert did; a storm hitting 2,000 homes stays readable; an SMTP server that is down is 'failed'.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inflateSync } from 'node:zlib'
import { simpleParser } from 'mailparser'
import type { Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { distanceMi, servedCities } from '../../core/platform/geography'
import { createMailer, type Mailer } from '../../core/platform/mail/mailer'
import { cellCentre, cellOf, serviceAreaBox } from '../../core/storms/radar/mesh-file'
import { inToMm10, storeMeshDay } from '../../core/storms/radar/store'
import { sendStormBriefing, type BriefingDeps } from '../../core/storm-response/briefing'
import { HTML_HOMES_LISTED } from '../../core/storm-response/BriefingEmail'
import { swathSvg } from '../../core/storm-response/swath-png'
import { serviceAreaSwath } from '../../core/storms/swath-geometry'
import type { AlertOutcome, HitHome } from '../../core/storm-response/types'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { startTestSmtpServer, type TestSmtpServer } from '../support/notify-peers'

const DAY = '2024-06-12'
const FROM = 'Website leads <leads@frontrange.example>'
const OFFICE = 'office@frontrange.example'
const NOW = new Date('2024-06-13T12:05:00Z')

const centreOf = (name: string) => {
  const c = servedCities().find((x) => x.name === name)?.centre
  if (!c) throw new Error(`no centre for ${name}`)
  return c
}
const DENVER = centreOf('Denver')
const AURORA = centreOf('Aurora')
const LONGMONT = centreOf('Longmont')
const PARKER = centreOf('Parker')
/** The day's largest hail: 10 mi east of Parker, 3 mi or more from every city served. */
const PEAK = { latitude: PARKER.latitude, longitude: PARKER.longitude + 10 / 53 }

/**
 * Every cell of the service area's box: 2.0 in within 5 mi of Denver's centre, 1.2 in within
 * 2 mi of Aurora's, 0.6 in within 2 mi of Longmont's, 2.6 in in the one cell at PEAK.
 */
function stormCells(): { row: number; col: number; mm: number }[] {
  const nw = cellOf({ latitude: serviceAreaBox().north, longitude: serviceAreaBox().west })
  const se = cellOf({ latitude: serviceAreaBox().south, longitude: serviceAreaBox().east })
  const peak = cellOf(PEAK)
  const cells: { row: number; col: number; mm: number }[] = []
  for (let row = nw.row; row <= se.row; row++)
    for (let col = nw.col; col <= se.col; col++) {
      const p = cellCentre(row, col)
      const inches =
        row === peak.row && col === peak.col
          ? 2.6
          : distanceMi(p, DENVER) <= 5
            ? 2
            : distanceMi(p, AURORA) <= 2
              ? 1.2
              : distanceMi(p, LONGMONT) <= 2
                ? 0.6
                : 0
      if (inches) cells.push({ row, col, mm: inToMm10(inches) / 10 })
    }
  return cells
}

function home(i: number, over: Partial<HitHome> = {}): HitHome {
  return {
    leadId: `lead-${i}`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    email: `owner${i}@example.com`,
    phone: `(303) 555-${String(1000 + i).slice(-4)}`,
    address: `${100 + i} Main St, Denver, CO 80202`,
    form: 'hail_report',
    createdAt: '2024-03-03T18:00:00.000Z',
    stormAlerts: true,
    confirmedAt: '2024-03-03T18:30:00.000Z',
    locatedBy: 'address',
    hailIn: 2,
    latitude: DENVER.latitude + ((i % 40) - 20) * 0.002,
    longitude: DENVER.longitude + (Math.floor(i / 40) - 25) * 0.002,
    ...over,
  }
}

const HOMES: HitHome[] = [
  home(1, {
    firstName: 'Ana',
    lastName: 'Small',
    hailIn: 1.2,
    stormAlerts: false,
    confirmedAt: null,
    address: '15 Oak Ct, Aurora, CO 80012',
  }),
  home(2, { firstName: 'Bo', lastName: 'Large', hailIn: 2.04, createdAt: '2024-05-20T16:30:00.000Z' }),
  home(3, { firstName: 'Cy', lastName: 'Failed', hailIn: 1.96, form: 'contact_modal' }),
]
const ALERTS = new Map<string, AlertOutcome>([
  ['lead-2', { status: 'sent', detail: '<a@frontrange.example> 250 OK' }],
  ['lead-3', { status: 'failed', detail: 'SMTP 550 at RCPT TO: mailbox unavailable' }],
])

let db: Db
let smtp: TestSmtpServer
let mailer: Mailer
const deps = (over: Partial<BriefingDeps> = {}): BriefingDeps => ({
  mailer,
  from: FROM,
  to: [OFFICE],
  business: DEFAULT_BUSINESS,
  siteUrl: 'https://www.frontrange.example',
  ...over,
})

beforeAll(async () => {
  db = openMigratedDatabase(':memory:')
  const cells = stormCells()
  storeMeshDay(
    db,
    {
      file: 'MRMS_MESH_Max_1440min_00.50_20240613-060000.grib2.gz',
      validAt: new Date('2024-06-13T06:00:00Z'),
      day: DAY,
      cells,
      maxMm: Math.max(...cells.map((c) => c.mm)),
      dropped: { isolated: 0, unsupported: 0, beyondLimit: 0 },
      coveredCells: 13_000,
    },
    NOW,
  )
  smtp = await startTestSmtpServer()
  mailer = createMailer({ url: smtp.url, safeUrl: smtp.url, from: FROM }, 10_000)
})

afterAll(async () => {
  mailer?.close()
  await smtp?.close()
  db?.close()
})

/** The PNG's width and height from its IHDR chunk, and whether its pixels hold more than one colour. */
function pngFacts(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR')
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/** The decoded pixels' distinct colours (PNG IDAT inflated; resvg writes 8-bit RGBA). */
function colourCount(png: Buffer): number {
  const chunks: Buffer[] = []
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at)
    if (png.subarray(at + 4, at + 8).toString('ascii') === 'IDAT')
      chunks.push(png.subarray(at + 8, at + 8 + length))
    at += 12 + length
  }
  const raw = inflateSync(Buffer.concat(chunks))
  const seen = new Set<number>()
  for (let i = 0; i + 4 <= raw.length; i += 4 * 97) seen.add(raw.readUInt32BE(i))
  return seen.size
}

describe('storm briefing', () => {
  test('the office gets the day, the largest hail, the cities, the map inline and every home with what its alert did', async () => {
    const result = await sendStormBriefing(db, DAY, HOMES, ALERTS, deps(), NOW)
    expect(result.status).toBe('sent')
    const [mail] = await smtp.waitForMessages(1)
    const m = mail!.parsed
    expect(mail!.envelopeTo).toEqual([OFFICE])
    expect(m.subject).toBe('Storm briefing: hail on 12 Jun 2024 hit 3 homes that asked us')
    expect(m.messageId).toBe('<storm-briefing-2024-06-12@frontrange.example>')
    expect(mail!.raw).toMatch(/^Auto-Submitted: auto-generated/m)

    const text = m.text!
    expect(text).toContain('Storm briefing for 12 Jun 2024')
    expect(text).toContain(
      'Radar hail hit 3 homes of people who asked us about their roof: from about 1.2 in to about 2.0 in at the home.',
    )
    expect(text).toContain('Largest hail in the service area: about 2.6 in.')
    expect(text).toContain(
      'Cities crossed (largest within 3 mi of the centre): Central Park 2.0 in, Denver 2.0 in, Englewood 2.0 in, Aurora 1.2 in.',
    )
    expect(text).not.toContain('Longmont')
    expect(text).toContain('Homeowner alerts: 1 sent, 1 failed, 1 did not ask for alerts.')
    // Largest first, each with its phone, address, directions, when and how they asked, and the alert.
    const order = ['Bo Large', 'Cy Failed', 'Ana Small'].map((n) => text.indexOf(n))
    expect(order.every((at, i) => at > 0 && (i === 0 || at > order[i - 1]!))).toBe(true)
    expect(text).toContain(
      [
        '1. Bo Large: about 2.0 in',
        '   (303) 555-1002 · 102 Main St, Denver, CO 80202',
        '   Directions: https://www.google.com/maps/search/?api=1&query=102%20Main%20St%2C%20Denver%2C%20CO%2080202',
        '   Asked: hail report request on 20 May 2024 · Storm alerts: confirmed; alert sent',
      ].join('\n'),
    )
    expect(text).toContain('2. Cy Failed: about 2.0 in')
    expect(text).toContain(
      '   Asked: inspection request on 3 Mar 2024 · Storm alerts: confirmed; alert failed: SMTP 550 at RCPT TO: mailbox unavailable',
    )
    expect(text).toContain('3. Ana Small: about 1.2 in')
    expect(text).toContain('   Asked: hail report request on 3 Mar 2024 · Did not ask for alerts')
    // The homeowners' e-mail addresses are not the office's business here: it calls them.
    expect(text).not.toContain('owner2@example.com')

    // As sent: the parser would put the picture itself in place of its cid: link.
    const html = (await simpleParser(mail!.raw, { keepCidLinks: true })).html as string
    expect(html).toContain('Storm briefing: 12 Jun 2024')
    expect(html).toContain('href="tel:+13035551002"')
    expect(html).toContain(
      'href="https://www.google.com/maps/search/?api=1&amp;query=102%20Main%20St%2C%20Denver%2C%20CO%2080202"',
    )
    expect(html).toContain('about 2.0 in')
    expect(html).toContain('Central Park 2.0 in, Denver 2.0 in, Englewood 2.0 in, Aurora 1.2 in')
    expect(html.indexOf('Bo Large')).toBeLessThan(html.indexOf('Ana Small'))

    // The map: a PNG attached inline, its Content-ID the one the HTML's picture names.
    const pngs = m.attachments.filter((a) => a.contentType === 'image/png')
    expect(pngs).toHaveLength(1)
    const png = pngs[0]!
    expect(png.contentDisposition).toBe('inline')
    expect(png.cid).toBe('storm-swath-2024-06-12@frontrange.example')
    expect(html).toContain(`src="cid:${png.cid}"`)
    const { width, height } = pngFacts(png.content)
    expect(width).toBe(640)
    expect(height).toBeGreaterThan(800)
    expect(png.content.length).toBeLessThan(150_000)
    // A picture, not a blank: the background, the bands, the marks and the words.
    expect(colourCount(png.content)).toBeGreaterThan(10)
    expect(m.attachments).toHaveLength(1)
  })

  test('the picture draws every band the day reached, the cities with names, the homes, a scale bar and north', () => {
    const svg = swathSvg({
      swath: serviceAreaSwath(db, DAY),
      cities: [
        { name: 'Denver', centre: DENVER },
        { name: 'Aurora', centre: AURORA },
      ],
      homes: HOMES,
    })
    for (const fill of ['#fed7aa', '#fb923c', '#ea580c', '#9a3412'])
      expect(svg).toMatch(new RegExp(`<path d="M[^"]+" fill="${fill}"`))
    expect(svg).toContain('>Denver</text>')
    expect(svg).toContain('>Aurora</text>')
    expect(svg.match(/r="3.4"/g)).toHaveLength(HOMES.length + 1 /* the legend's mark */)
    expect(svg).toMatch(/>\d+ mi<\/text>/)
    expect(svg).toContain('>N</text>')
  })
})

describe('storm briefing: a big storm, a failed send, nothing to send', () => {
  test('2,000 homes: the text lists them all, the HTML the largest and says where the rest are, a CSV has every one', async () => {
    smtp.messages.length = 0
    const many = Array.from({ length: 2000 }, (_, i) => home(i, { hailIn: 1 + (i % 100) / 100 }))
    const result = await sendStormBriefing(db, DAY, many, new Map(), deps(), NOW)
    expect(result.status).toBe('sent')
    const [mail] = await smtp.waitForMessages(1)
    const m = mail!.parsed
    expect(m.subject).toBe('Storm briefing: hail on 12 Jun 2024 hit 2000 homes that asked us')
    for (const i of [0, 777, 1999]) expect(m.text).toContain(`First${i} Last${i}: about`)
    expect(m.text).toContain('2000. ')
    expect(m.text).not.toContain('Directions:')
    const html = (await simpleParser(mail!.raw, { keepCidLinks: true })).html as string
    // Under Gmail's cut of about 100 KB, so the office sees the whole HTML on a phone.
    expect(Buffer.byteLength(html)).toBeLessThan(100_000)
    expect(html.match(/href="tel:/g)).toHaveLength(HTML_HOMES_LISTED)
    expect(html).toContain(
      `And ${2000 - HTML_HOMES_LISTED} more homes, down to about 1.0 in: every home is in the plain-text version of this e-mail and in the attached storm-homes-2024-06-12.csv.`,
    )
    const csv = m.attachments.find((a) => a.filename === 'storm-homes-2024-06-12.csv')!
    const lines = csv.content.toString('utf8').trimEnd().split('\r\n')
    expect(lines).toHaveLength(2001)
    expect(lines[0]).toBe('Name,Phone,Address,Hail (radar),Asked,Alert')
    expect(lines[1]).toMatch(
      /^First\d*99 Last\d*99,\(303\) 555-\d{4},"\d+ Main St, Denver, CO 80202",2.0 in,/,
    )
    expect(mail!.raw.length).toBeLessThan(1024 * 1024)
  })

  test('an SMTP server that is down: failed, with the reason and no homeowner in it', async () => {
    await smtp.stop()
    const down = createMailer({ url: smtp.url, safeUrl: smtp.url, from: FROM }, 3_000)
    try {
      const result = await sendStormBriefing(db, DAY, HOMES, ALERTS, deps({ mailer: down }), NOW)
      expect(result.status).toBe('failed')
      expect(result.detail).toMatch(/ECONNREFUSED|ESOCKET|connect/i)
      for (const h of HOMES)
        for (const v of [h.firstName, h.lastName, h.email, h.phone, h.address])
          expect(result.detail).not.toContain(v)
    } finally {
      down.close()
      await smtp.start()
    }
  })

  test('no home hit, or no office address: skipped, nothing sent', async () => {
    const before = smtp.accepted.length
    expect(await sendStormBriefing(db, DAY, [], ALERTS, deps(), NOW)).toEqual({
      status: 'skipped',
      detail: 'no home hit',
    })
    expect((await sendStormBriefing(db, DAY, HOMES, ALERTS, deps({ to: [] }), NOW)).status).toBe('skipped')
    // Both calls have returned: a send of theirs would have waited for the server, which
    // records a message before it answers.
    expect(smtp.accepted.length).toBe(before)
  })
})
