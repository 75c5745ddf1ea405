/**
 * The storm briefing's facts and words (docs/storm-alerts.md): what the office reads the morning
 * after a storm day, once in the HTML part (BriefingEmail.tsx) and once in the plain-text part
 * here, from the same facts.
 */
import { telHref } from '../../shared/business'
import { LEAD_FORMS } from '../../shared/lead-forms'
import { CONSENT_WORDS } from '../../shared/storm-alerts-consent'
import { mapSearchUrl } from '../platform/mail/links'
import { toBodyText } from '../platform/mail/text'
import { plural } from '../platform/words'
import { consentState } from './consent'
import type { AlertOutcome, HitHome } from './types'

/** A city served that the day's hail crossed: the largest estimate within CITY_RADIUS_MI of its centre. */
export interface CityHit {
  name: string
  hailIn: number
}

/** One home of the list, in the office's words. */
export interface BriefingHome {
  name: string
  phone: string
  telHref: string
  address: string
  mapUrl: string
  hailIn: number
  /** 'hail report request on 3 Mar 2024'. */
  asked: string
  /**
   * What the homeowner's alert did ('not-asked': the box was not ticked; 'not-confirmed': ticked,
   * and the address has not confirmed; 'none': nothing recorded).
   */
  alertKind: AlertOutcome['status'] | 'not-asked' | 'not-confirmed' | 'none'
  /** The same in words: 'Storm alerts: confirmed; alert sent', 'Did not ask for alerts', … */
  alert: string
}

export interface BriefingFacts {
  /** The storm day, a Denver date, and as written: '12 Jun 2024'. */
  day: string
  dayText: string
  /** The largest estimate anywhere in the service area's box that day, in inches. */
  maxIn: number
  /** Largest first. */
  cities: CityHit[]
  /** Largest hail first. */
  homes: BriefingHome[]
  /** Where the briefing came from and when: 'Sent by the Front Range Roofing Co. website …'. */
  origin: string
}

/** How near a city's centre an estimate counts as the city's. */
export const CITY_RADIUS_MI = 3
/** The smallest estimate that names a city as crossed: the swath's first band. */
export const CITY_MIN_IN = 0.75

/** '1.8 in': radar's estimates are written to a tenth, as the weather report writes them. */
export const formatRadarIn = (inches: number) => `${inches.toFixed(1)} in`

/** The briefing's last line: which site sent it and when, so a forwarded copy still says. */
export function originLine(businessName: string, siteUrl: string | undefined, sentAt: string): string {
  return `Sent by the ${businessName} website${siteUrl ? ` (${siteUrl})` : ''} on ${sentAt}, when NOAA's radar data for the day came in.`
}

/**
 * The opening line: how many homes and the range of sizes at them ('from about 1.0 in to about
 * 2.4 in'), not the alert size itself, which is the operator's setting.
 */
export function homesLine(f: BriefingFacts): string {
  const sizes = f.homes.map((h) => h.hailIn)
  const low = formatRadarIn(Math.min(...sizes))
  const high = formatRadarIn(Math.max(...sizes))
  const range = low === high ? `about ${high}` : `from about ${low} to about ${high}`
  return `Radar hail hit ${plural(f.homes.length, 'home', 'homes')} of people who asked us about their roof: ${range} at the home.`
}

/** The subject: the day and how many homes. */
export function briefingSubject(f: BriefingFacts): string {
  return `Storm briefing: hail on ${f.dayText} hit ${plural(f.homes.length, 'home', 'homes')} that asked us`
}

/** One line of the hail's reach: 'Largest hail in the service area: about 2.3 in.' */
export function largestLine(f: BriefingFacts): string {
  return `Largest hail in the service area: about ${formatRadarIn(f.maxIn)}.`
}

/** 'Denver about 2.1 in, Aurora about 1.2 in' or the words for none. */
export function citiesLine(f: BriefingFacts): string {
  if (f.cities.length === 0)
    return `No city centre served had ${CITY_MIN_IN} in or more within ${CITY_RADIUS_MI} mi.`
  return `Cities crossed (largest within ${CITY_RADIUS_MI} mi of the centre): ${f.cities
    .map((c) => `${c.name} ${formatRadarIn(c.hailIn)}`)
    .join(', ')}.`
}

export const RADAR_NOTE =
  'Sizes are radar estimates (NOAA MRMS MESH) at each home’s half-mile cell, not hailstones measured on the roof.'

const NOT_ASKED = 'Did not ask for alerts'

/**
 * Whether the homeowner asked and confirmed, and what the alert did, in a few words: 'Storm
 * alerts: asked, not confirmed; no alert', 'Storm alerts: confirmed; alert sent' …
 */
function alertWords(home: HitHome, outcome: AlertOutcome | undefined, now: Date): string {
  const state = consentState(home.stormAlerts, home.createdAt, home.confirmedAt, now)
  if (state === 'not-asked') return NOT_ASKED
  const head = `Storm alerts: ${CONSENT_WORDS[state]}`
  if (state !== 'confirmed') return `${head}; no alert`
  if (!outcome) return `${head}; no alert recorded`
  const why = outcome.detail ? `: ${toBodyText(outcome.detail)}` : ''
  switch (outcome.status) {
    case 'sent':
      return `${head}; alert sent`
    case 'pending':
    case 'sending':
      return `${head}; alert still being sent`
    case 'failed':
      return `${head}; alert failed${why}`
    case 'skipped':
      return `${head}; no alert${why}`
  }
}

function alertKindOf(home: HitHome, outcome: AlertOutcome | undefined, now: Date): BriefingHome['alertKind'] {
  const state = consentState(home.stormAlerts, home.createdAt, home.confirmedAt, now)
  if (state === 'not-asked') return 'not-asked'
  if (state !== 'confirmed') return 'not-confirmed'
  return outcome?.status ?? 'none'
}

/** The form's request ('hail report request'), or 'enquiry' for a form the table no longer has. */
function requestOf(form: string): string {
  return (LEAD_FORMS as Record<string, { request: string } | undefined>)[form]?.request ?? 'enquiry'
}

/** The homes in the office's words, largest hail first, then by name. */
export function briefingHomes(
  homes: readonly HitHome[],
  alerts: ReadonlyMap<string, AlertOutcome>,
  formatDate: (iso: string) => string,
  now: Date,
): BriefingHome[] {
  return [...homes]
    .sort((a, b) => b.hailIn - a.hailIn || a.lastName.localeCompare(b.lastName))
    .map((h) => {
      const address = toBodyText(h.address)
      return {
        name: toBodyText(`${h.firstName} ${h.lastName}`.trim()),
        phone: toBodyText(h.phone),
        telHref: telHref(h.phone),
        address,
        mapUrl: mapSearchUrl(address),
        hailIn: h.hailIn,
        asked: `${requestOf(h.form)} on ${formatDate(h.createdAt)}`,
        alertKind: alertKindOf(h, alerts.get(h.leadId), now),
        alert: alertWords(h, alerts.get(h.leadId), now),
      }
    })
}

/** 'Homeowner alerts: 30 sent, 2 failed, 3 not confirmed, 5 did not ask for alerts.' */
export function alertsSummary(f: BriefingFacts): string {
  const count = (...kinds: BriefingHome['alertKind'][]) =>
    f.homes.filter((h) => kinds.includes(h.alertKind)).length
  const parts = [
    `${count('sent')} sent`,
    count('failed') ? `${count('failed')} failed` : '',
    count('skipped') ? `${count('skipped')} not sent` : '',
    count('pending', 'sending') ? `${count('pending', 'sending')} still being sent` : '',
    count('none') ? `${count('none')} not recorded` : '',
    count('not-confirmed') ? `${count('not-confirmed')} not confirmed` : '',
    count('not-asked') ? `${count('not-asked')} did not ask for alerts` : '',
  ].filter(Boolean)
  return `Homeowner alerts: ${parts.join(', ')}.`
}

/**
 * The plain-text part: every home, three lines each (four with the directions link). With more
 * homes than the HTML lists, the directions links are left out: the addresses are there, and
 * the e-mail stays under a megabyte with 2,000 homes.
 */
export function briefingText(f: BriefingFacts, opts: { pictureShown: boolean; directions: boolean }): string {
  const lines = [
    `Storm briefing for ${f.dayText}`,
    '',
    homesLine(f),
    largestLine(f),
    citiesLine(f),
    alertsSummary(f),
    opts.pictureShown ? 'The map of the day’s hail is in the HTML version of this e-mail.' : '',
    '',
    `Homes hit, largest hail first (${f.homes.length}):`,
    '',
  ]
  f.homes.forEach((h, i) => {
    lines.push(
      `${i + 1}. ${h.name}: about ${formatRadarIn(h.hailIn)}`,
      `   ${h.phone} · ${h.address}`,
      ...(opts.directions ? [`   Directions: ${h.mapUrl}`] : []),
      `   Asked: ${h.asked} · ${h.alert}`,
      '',
    )
  })
  lines.push(RADAR_NOTE, '', f.origin)
  return lines.filter((l, i, all) => !(l === '' && all[i - 1] === '')).join('\n')
}
