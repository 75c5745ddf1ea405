/**
 * The office's storm briefing (docs/storm-alerts.md): one e-mail per storm day whose radar hail
 * hit a home the site knows, sent after the homeowners' alerts. It says how large the hail was,
 * which cities it crossed, shows the swath over the service area, and lists every home hit with
 * the phone, the address as directions and what the alert did, largest hail first.
 *
 * Its Message-ID is one per day, so a briefing sent again (a retried pass) is threaded or
 * dropped by the mail client rather than read twice.
 */
import { render } from '@react-email/render'
import { stringify } from 'csv-stringify/sync'
import type { BusinessConfig } from '../../shared/business'
import { formatBusinessDate, formatBusinessDateTime, formatIsoDate } from '../../shared/business-time'
import type { Db } from '../platform/db/connection'
import { distanceMi, servedCities } from '../platform/geography'
import type { Mailer, OutgoingMail } from '../platform/mail/mailer'
import { domainOf } from '../platform/mail/smtp'
import { toHeaderText, toReason } from '../platform/mail/text'
import { serviceAreaSwath, type AreaSwath, type HailCell } from '../storms'
import { BriefingEmail, HTML_HOMES_LISTED, type BriefingPicture } from './BriefingEmail'
import {
  briefingHomes,
  briefingSubject,
  briefingText,
  CITY_MIN_IN,
  CITY_RADIUS_MI,
  formatRadarIn,
  originLine,
  type BriefingFacts,
  type CityHit,
} from './briefing-words'
import { renderSwathPng } from './swath-png'
import type { AlertOutcome, HitHome } from './types'

export interface BriefingDeps {
  mailer: Mailer
  from: string
  to: readonly string[]
  business: BusinessConfig
  siteUrl: string | undefined
}

export interface BriefingResult {
  status: 'sent' | 'failed' | 'skipped'
  detail: string
  /**
   * failed: whether trying again cannot help (the SMTP server refused it for good, or it could
   * not be built); a failure for a passing reason (the server down, a 4xx) is tried again.
   */
  final?: boolean
}

/** The cities served with a known centre, those sharing one (Louisville and Superior) named together. */
function citiesWithCentres(): { name: string; centre: { latitude: number; longitude: number } }[] {
  const byCentre = new Map<string, { name: string; centre: { latitude: number; longitude: number } }>()
  for (const c of servedCities()) {
    if (!c.centre) continue
    const key = `${c.centre.latitude.toFixed(4)},${c.centre.longitude.toFixed(4)}`
    const same = byCentre.get(key)
    if (same) same.name = `${same.name} / ${c.name}`
    else byCentre.set(key, { name: c.name, centre: c.centre })
  }
  return [...byCentre.values()]
}

/** Each city's largest estimate within CITY_RADIUS_MI of its centre, for those with CITY_MIN_IN or more. */
function citiesCrossed(cells: readonly HailCell[]): CityHit[] {
  const hits: CityHit[] = []
  for (const city of citiesWithCentres()) {
    let largest = 0
    for (const c of cells)
      if (c.hailIn > largest && distanceMi(city.centre, c.centre) <= CITY_RADIUS_MI) largest = c.hailIn
    if (largest >= CITY_MIN_IN) hits.push({ name: city.name, hailIn: largest })
  }
  return hits.sort((a, b) => b.hailIn - a.hailIn || a.name.localeCompare(b.name))
}

/** The briefing's facts from the store and the homes the caller found. */
function briefingFacts(
  db: Db,
  day: string,
  homes: readonly HitHome[],
  alerts: ReadonlyMap<string, AlertOutcome>,
  about: { business: BusinessConfig; siteUrl: string | undefined; now: Date },
): { facts: BriefingFacts; swath: AreaSwath } {
  // Every stored cell of the day: the store keeps only the service area box's.
  const swath = serviceAreaSwath(db, day)
  const maxIn = swath.cells.reduce((max, c) => Math.max(max, c.hailIn), 0)
  return {
    swath,
    facts: {
      day,
      dayText: formatIsoDate(day),
      maxIn,
      cities: citiesCrossed(swath.cells),
      homes: briefingHomes(homes, alerts, formatBusinessDate, about.now),
      origin: originLine(about.business.name, about.siteUrl, formatBusinessDateTime(about.now)),
    },
  }
}

const FORMULA_START = /^[=+\-@\t\r]/

/**
 * Every home as CSV for a spreadsheet (RFC 4180 with CRLF, as `site-admin leads export`): names
 * and addresses are typed by visitors, so a cell a spreadsheet would run as a formula gets a
 * leading apostrophe and stays text.
 */
function homesCsv(f: BriefingFacts): string {
  const cell = (v: string) => (FORMULA_START.test(v) ? `'${v}` : v)
  const rows = f.homes.map((h) =>
    [h.name, h.phone, h.address, formatRadarIn(h.hailIn), h.asked, h.alert].map(cell),
  )
  return stringify([['Name', 'Phone', 'Address', 'Hail (radar)', 'Asked', 'Alert'], ...rows], {
    record_delimiter: 'windows',
  })
}

/** The e-mail: the text and HTML parts from the same facts, the map inline, the CSV when the HTML lists only some homes. */
async function buildBriefingMail(
  f: BriefingFacts,
  swath: AreaSwath,
  homes: readonly HitHome[],
  opts: { from: string; to: readonly string[] },
): Promise<OutgoingMail> {
  const domain = domainOf(opts.from)
  const png = await renderSwathPng({
    swath,
    cities: citiesWithCentres(),
    homes: homes.map((h) => ({ latitude: h.latitude, longitude: h.longitude })),
  })
  const picture: BriefingPicture = {
    cid: `storm-swath-${f.day}@${domain}`,
    width: png.width,
    height: png.height,
  }
  const csvName = f.homes.length > HTML_HOMES_LISTED ? `storm-homes-${f.day}.csv` : undefined
  return {
    from: opts.from,
    to: [...opts.to],
    subject: toHeaderText(briefingSubject(f), 150),
    messageId: `<storm-briefing-${f.day}@${domain}>`,
    html: await render(<BriefingEmail f={f} picture={picture} csvName={csvName} />),
    text: briefingText(f, { pictureShown: true, directions: !csvName }),
    attachments: [
      { filename: `storm-swath-${f.day}.png`, content: png.png, contentType: 'image/png', cid: picture.cid },
      ...(csvName
        ? [
            {
              filename: csvName,
              content: Buffer.from(homesCsv(f), 'utf8'),
              contentType: 'text/csv; charset=utf-8',
            },
          ]
        : []),
    ],
    // An automatic message: mail servers send no out-of-office replies to it.
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
  }
}

/**
 * Sends the office's briefing of `day`. A failed send (SMTP down, refused) or a briefing that
 * could not be built is 'failed' with the reason, never thrown: the alerts are sent already and
 * the day's answer is recorded either way; `final` says whether trying again can help (the
 * storm response tries it again later, respond.ts). The reason holds no homeowner's details.
 */
export async function sendStormBriefing(
  db: Db,
  day: string,
  homes: readonly HitHome[],
  alerts: ReadonlyMap<string, AlertOutcome>,
  deps: BriefingDeps,
  now: Date,
): Promise<BriefingResult> {
  if (homes.length === 0) return { status: 'skipped', detail: 'no home hit' }
  if (deps.to.length === 0) return { status: 'skipped', detail: 'no office address to send it to' }
  let mail: OutgoingMail
  try {
    const { facts, swath } = briefingFacts(db, day, homes, alerts, {
      business: deps.business,
      siteUrl: deps.siteUrl,
      now,
    })
    mail = await buildBriefingMail(facts, swath, homes, deps)
  } catch (err) {
    return {
      status: 'failed',
      detail: `could not build the briefing: ${toReason(err instanceof Error ? err.message : String(err))}`,
      final: true,
    }
  }
  const outcome = await deps.mailer.send(mail)
  if (outcome.kind === 'sent') return { status: 'sent', detail: outcome.detail }
  return { status: 'failed', detail: outcome.reason, final: outcome.kind === 'failed' }
}
