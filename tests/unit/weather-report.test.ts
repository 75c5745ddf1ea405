/** The report's computation: rings, counts, the largest hail, the date of loss and the office's line. */
import { describe, expect, test } from 'vitest'
import { pointAt } from '../../core/platform/geography'
import { buildWeatherReport } from '../../core/storms/report'
import { formatReportText } from '../../core/storms/report-text'
import {
  NO_RADAR_LINE,
  RADAR_CONFIRMED,
  RADAR_MEANING,
  RADAR_ONLY,
  radarSourceText,
} from '../../core/storms/report-words'
import { formatBusinessDateTime } from '../../shared/business-time'
import {
  makeSampleWeatherReport,
  SAMPLE_ADDRESS,
  SAMPLE_DATA_THROUGH,
  SAMPLE_LOCATION,
  SAMPLE_NOW,
  sampleStormEvents,
} from '../../core/storms/sample-report'
import type { StormEvent, StormKind } from '../../core/storms/types'
import { toSummaryView } from '../../core/storms/lead-reports'
import { describeHailMark } from '../../shared/hail-summary'

const DAY_MS = 86_400_000

/** One stored event `mi` miles from the sample home along `deg`, at `at`. */
function event(id: number, at: Date, kind: StormKind, size: number, mi: number, deg = 0): StormEvent {
  const point = pointAt(SAMPLE_LOCATION, mi, deg)
  return {
    id,
    source: 'ncei',
    sourceId: String(id),
    kind,
    beginAt: at,
    localTime: '',
    timeZone: 'MST-7',
    hailIn: kind === 'hail' ? size : null,
    windKt: kind === 'wind' ? size : null,
    tornadoScale: kind === 'tornado' ? 'EF1' : null,
    magnitudeType: null,
    ...point,
    countyZone: 'DOUGLAS',
    state: 'CO',
    place: null,
    file: 'test.csv',
  }
}

const build = (events: StormEvent[]) =>
  buildWeatherReport(events, SAMPLE_ADDRESS, SAMPLE_LOCATION, SAMPLE_NOW, SAMPLE_DATA_THROUGH)

describe('the sample report of a home in Parker', () => {
  const report = makeSampleWeatherReport()

  test('counts each storm in its smallest ring', () => {
    expect(report.storms).toHaveLength(20)
    expect(report.summary.countByRing).toEqual({ 1: 2, 3: 5, 10: 13 })
    expect(report.summary.within3Mi).toBe(7)
    for (const s of report.storms) {
      const expected = s.distanceMi <= 1 ? 1 : s.distanceMi <= 3 ? 3 : 10
      expect(s.ring).toBe(expected)
    }
  })

  test('lists the storms newest first, each with its distance and direction', () => {
    const times = report.storms.map((s) => s.beginAt)
    expect(times).toEqual([...times].sort().reverse())
    const loss = report.storms.find((s) => s.beginAt === '2024-06-12T21:40:00.000Z')!
    expect(loss.distanceMi).toBeCloseTo(0.6, 2)
    expect(loss.direction).toBe('NW')
    expect(loss.ring).toBe(1)
  })

  test('the largest hail within 1 and 3 mi, and the date of loss, are the 1.75 in of 12 Jun 2024', () => {
    const mark = { hailIn: 1.75, beginAt: '2024-06-12T21:40:00.000Z', direction: 'NW' }
    expect(report.summary.largestHailWithin1Mi).toMatchObject(mark)
    expect(report.summary.largestHailWithin3Mi).toMatchObject(mark)
    // Newer hail within 3 mi (0.75 in, 2025 and 2026) is too small; larger hail (2.50 in) is farther.
    expect(report.summary.dateOfLoss).toMatchObject(mark)
  })

  test("the office's line", () => {
    expect(report.summary.line).toBe('1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021')
    expect(report.summary.locatedText).toBe('located by street address')
    expect(report.summary.from).toBe('2021-11-20T17:00:00.000Z')
  })

  test('a storm 10.2 mi away, one of 5 years and a day ago, and one without coordinates are absent', () => {
    const candidates = sampleStormEvents()
    expect(candidates.some((e) => e.hailIn === 2.75)).toBe(true)
    expect(report.storms.some((s) => s.hailIn === 2.75)).toBe(false)
    expect(report.storms.some((s) => s.hailIn === 3)).toBe(false)
    expect(report.storms.some((s) => s.hailIn === 4)).toBe(false)
    expect(Math.max(...report.storms.map((s) => s.distanceMi))).toBeLessThanOrEqual(10)
    expect(report.storms.every((s) => s.beginAt >= report.summary.from)).toBe(true)
  })
})

describe('the edges', () => {
  test('a storm 9.9 mi away and 5 years less a day ago is in; 10.2 mi, or 5 years and a day, is not', () => {
    const justIn = new Date(SAMPLE_NOW.getTime() - 5 * 365 * DAY_MS)
    const tooOld = new Date('2021-11-19T17:00:00Z')
    const report = build([
      event(1, justIn, 'hail', 1, 9.9),
      event(2, justIn, 'hail', 1, 10.2),
      event(3, tooOld, 'hail', 1, 0.5),
      event(4, new Date(SAMPLE_NOW.getTime() + 60_000), 'hail', 1, 0.5),
    ])
    expect(report.storms.map((s) => s.id)).toEqual([1])
  })

  test('a ring holds what is at its edge: 1.0 mi is within 1 mi', () => {
    const at = new Date('2024-06-01T20:00:00Z')
    const report = build([
      event(1, at, 'wind', 55, 0.999),
      event(2, at, 'wind', 55, 1.01),
      event(3, at, 'wind', 55, 3.01),
    ])
    expect(Object.fromEntries(report.storms.map((s) => [s.id, s.ring]))).toEqual({ 1: 1, 2: 3, 3: 10 })
  })

  test('without hail within 3 mi the line says so, with the storms within 10 mi', () => {
    const report = build([
      event(1, new Date('2025-06-01T20:00:00Z'), 'hail', 2, 5),
      event(2, new Date('2025-06-02T20:00:00Z'), 'wind', 60, 2),
      event(3, new Date('2024-06-02T20:00:00Z'), 'tornado', 0, 8),
      event(4, new Date('2023-06-02T20:00:00Z'), 'wind', 50, 9),
    ])
    expect(report.summary.line).toBe('No hail within 3 mi since 2021; 4 storms within 10 mi')
    expect(report.summary.largestHailWithin3Mi).toBeNull()
    expect(report.summary.dateOfLoss).toBeNull()
    expect(build([]).summary.line).toBe('No storms within 10 mi since 2021')
  })

  test('the date of loss is the most recent hail of 1 in or more within 3 mi, not the largest', () => {
    const report = build([
      event(1, new Date('2025-07-03T20:55:00Z'), 'hail', 0.88, 0.4, 90),
      event(2, new Date('2025-05-21T19:15:00Z'), 'hail', 1, 2.5, 180),
      event(3, new Date('2023-06-12T21:40:00Z'), 'hail', 2, 1.5, 270),
    ])
    expect(report.summary.dateOfLoss).toMatchObject({
      hailIn: 1,
      beginAt: '2025-05-21T19:15:00.000Z',
      direction: 'S',
    })
    expect(report.summary.largestHailWithin3Mi).toMatchObject({ hailIn: 2, direction: 'W' })
    expect(report.summary.largestHailWithin1Mi).toMatchObject({ hailIn: 0.88, direction: 'E' })
    expect(report.summary.line).toBe(
      '1.00 in hail 2.5 mi S on 21 May 2025 (largest 2.00 in, 12 Jun 2023); 3 storms within 3 mi since 2021',
    )
  })

  test('without hail of 1 in, the line names the largest smaller hail within 3 mi', () => {
    const report = build([event(1, new Date('2025-07-03T20:55:00Z'), 'hail', 0.75, 1.2, 45)])
    expect(report.summary.dateOfLoss).toBeNull()
    expect(report.summary.line).toBe('0.75 in hail 1.2 mi NE on 3 Jul 2025; 1 storm within 3 mi since 2021')
  })

  test('times are read in Denver: summer and winter, and an SPC report after 00Z is the evening before', () => {
    expect(formatBusinessDateTime('2024-06-12T21:40:00Z')).toBe('12 Jun 2024, 3:40 PM MDT')
    expect(formatBusinessDateTime('2024-01-05T17:05:00Z')).toBe('5 Jan 2024, 10:05 AM MST')
    expect(formatBusinessDateTime('2025-09-15T01:30:00Z')).toBe('14 Sep 2025, 7:30 PM MDT')
  })

  test('a home placed by ZIP code or city says so', () => {
    const byZip = buildWeatherReport(
      [],
      'x',
      { ...SAMPLE_LOCATION, locatedBy: 'zip', zip: '80134', matched: 'ZIP code 80134' },
      SAMPLE_NOW,
      SAMPLE_DATA_THROUGH,
    )
    expect(byZip.summary.locatedText).toBe('located by ZIP code 80134')
    const byCity = buildWeatherReport(
      [],
      'x',
      { ...SAMPLE_LOCATION, locatedBy: 'city', matched: 'Parker, CO' },
      SAMPLE_NOW,
      SAMPLE_DATA_THROUGH,
    )
    expect(byCity.summary.locatedText).toBe('located by city')
  })
})

describe('one date style', () => {
  test("the page's summary and the office's report write a storm's date alike: 12 Sep 2024, never 'Sept'", () => {
    const report = build([event(1, new Date('2024-09-12T21:40:00Z'), 'hail', 1.75, 0.6, 315)])
    const onThePage = describeHailMark(toSummaryView(report.summary).dateOfLoss!)
    expect(onThePage).toBe('1.75 in hail, 0.6 mi NW, 12 Sep 2024')
    const text = formatReportText(report, { name: 'Front Range Roofing Co.', phone: '(303) 555-0142' })
    expect(text).toContain('Date of loss:              12 Sep 2024: 1.75 in hail, 0.6 mi NW')
    expect(report.summary.line).toMatch(/^1\.75 in hail 0\.6 mi NW on 12 Sep 2024;/)
  })
})

describe('formatReportText', () => {
  test('the office reads the summary, each ring with its storms, the sources and the disclaimer', () => {
    const text = formatReportText(makeSampleWeatherReport(), {
      name: 'Front Range Roofing Co.',
      phone: '(303) 555-0142',
    })
    expect(text).toContain('EXTREME WEATHER REPORT')
    expect(text).toContain(SAMPLE_ADDRESS)
    expect(text).toContain('located by street address')
    expect(text).toContain('1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021')
    const [ring1, ring3, ring10] = [
      'WITHIN 1 MILE: 2 storms',
      '1 TO 3 MILES: 5 storms',
      '3 TO 10 MILES: 13 storms',
    ].map((t) => text.indexOf(t))
    expect(ring1).toBeGreaterThan(0)
    expect(ring3).toBeGreaterThan(ring1!)
    expect(ring10).toBeGreaterThan(ring3!)
    const lossLine = text.split('\n').find((l) => l.includes('12 Jun 2024, 3:40 PM MDT'))
    expect(lossLine).toMatch(/Hail\s+1\.75 in\s+0\.6 mi NW\s+FINAL \(NCEI\)/)
    expect(text).toMatch(/18 Sep 2026, 5:05 PM MDT\s+Hail\s+0\.75 in\s+2\.9 mi S\s+PRELIMINARY \(SPC\)/)
    expect(text).toContain('through 31 Aug 2026')
    expect(text).toContain('through 19 Nov 2026')
    expect(text).toContain('not a damage inspection')
    expect(text).toContain('(303) 555-0142')
    expect(text).not.toContain('2.75 in')
  })
})

describe('the radar section', () => {
  test('says which days of the period radar covers, and how many of them are missing', () => {
    const source = 'Radar data (NOAA MRMS, Maximum Estimated Size of Hail)'
    // 28 Nov 2021 to 28 Nov 2026 is 1,827 days.
    expect(radarSourceText({ first: '2021-11-28', last: '2026-11-28', days: 1827 })).toBe(
      `${source} for every day from 28 Nov 2021 to 28 Nov 2026.`,
    )
    expect(radarSourceText({ first: '2021-11-28', last: '2026-11-28', days: 1826 })).toBe(
      `${source} for every day from 28 Nov 2021 to 28 Nov 2026, 1 day missing.`,
    )
    // A leap day counts: 1 Feb to 1 Mar 2024 is 30 days.
    expect(radarSourceText({ first: '2024-02-01', last: '2024-03-01', days: 2 })).toBe(
      `${source} for every day from 1 Feb 2024 to 1 Mar 2024, 28 days missing.`,
    )
    expect(radarSourceText({ first: '2024-06-12', last: '2024-06-12', days: 1 })).toBe(
      `${source} for 12 Jun 2024 only.`,
    )
  })

  const business = { name: 'Front Range Roofing Co.', phone: '(303) 555-0142' }

  test('the office reads each radar day on one line, what radar figures mean, and the risk assessment', () => {
    const lines = formatReportText(makeSampleWeatherReport(), business).split('\n')
    const at = (start: string) => lines.findIndex((l) => l.startsWith(start))
    const radar = at('RADAR HAIL AT THE HOME')
    expect(radar).toBeGreaterThan(at('SUMMARY'))
    expect(radar).toBeLessThan(at('WITHIN 1 MILE'))
    const dayLine = (date: string) => lines.find((l) => l.startsWith(`  ${date} `))
    expect(dayLine('12 Jun 2024')).toMatch(
      /^ {2}12 Jun 2024 +1\.6 in +1\.7 in 0\.8 mi WNW +2\.0 in 2\.6 mi WNW +confirmed by a report 0\.6 mi NW$/,
    )
    expect(dayLine('11 Jul 2023')).toMatch(/^ {2}11 Jul 2023 +none +none +1\.1 in 2\.1 mi SW +radar only$/)
    expect(dayLine('19 Jun 2022')).toMatch(/confirmed by a report 2\.2 mi NNE$/)
    expect(dayLine('3 Jul 2025')).toMatch(/confirmed by a report 2\.4 mi E$/)
    // Newest first.
    expect(lines.indexOf(dayLine('3 Jul 2025')!)).toBeLessThan(lines.indexOf(dayLine('19 Jun 2022')!))
    const text = lines.join('\n')
    expect(text).toContain(`(${RADAR_MEANING})`)
    expect(text).toContain(
      'Radar data (NOAA MRMS, Maximum Estimated Size of Hail) for every day from 20 Nov 2021 to 19 Nov 2026, 7 days missing.',
    )
    expect(text).toMatch(/Days of 1 in\+ at the home: +2 days in 5 years/)
    expect(text).toMatch(/Largest at the home: +1\.6 in on 12 Jun 2024/)
    expect(text).toMatch(/Compared with the area: +more than 97% of the service area had fewer such days/)
    expect(text).toContain(
      'at this home on 2 days in 5 years, more such days than 97% of the service area had: have the roof inspected',
    )
  })

  test('a report stored before radar says in one line that no radar data was available', () => {
    const text = formatReportText(makeSampleWeatherReport({ radar: false }), business)
    expect(text).toContain(`RADAR HAIL AT THE HOME\n  ${NO_RADAR_LINE}\n`)
    expect(text).not.toContain('RISK ASSESSMENT')
    expect(text).not.toContain(RADAR_ONLY)
    expect(text).not.toContain(RADAR_CONFIRMED)
  })

  test("the sample's day of loss is radar's largest at the home, and its storm event agrees", () => {
    const { radar, risk, summary } = makeSampleWeatherReport()
    expect(radar!.largestAtHome).toMatchObject({ date: '2024-06-12' })
    expect(radar!.largestAtHome!.hailIn).toBeCloseTo(1.6, 1)
    expect(radar!.swath!.date).toBe('2024-06-12')
    expect(radar!.days.map((d) => [d.date, d.corroborated])).toEqual([
      ['2025-07-03', true],
      ['2024-06-12', true],
      ['2023-07-11', false],
      ['2022-06-19', true],
    ])
    expect(risk).toMatchObject({ hailDaysAtHome: 2, serviceAreaPercentile: 97 })
    expect(summary.radar?.office).toBe(
      'Radar: 1.6 in at the home on 12 Jun 2024 (confirmed by a report 0.6 mi NW); 2 days of 1 in+ in 5 years, more than 97% of the area',
    )
  })

  test("the page's summary has radar's line, never the address; a summary stored before radar has none", () => {
    const report = makeSampleWeatherReport()
    const view = toSummaryView(report.summary)
    expect(view.radarLine).toBe(
      'Radar: hail of about 1.6 in at your home on 12 Jun 2024 (confirmed by a report 0.6 mi NW)',
    )
    expect(JSON.stringify(view)).not.toMatch(/Pikes Peak|80138/)
    expect(toSummaryView(makeSampleWeatherReport({ radar: false }).summary).radarLine).toBeNull()
    // A summary stored as JSON before radar: no `radar` key at all.
    const { radar: _radar, ...old } = report.summary
    expect(toSummaryView(old).radarLine).toBeNull()
    // Made while the store held no radar: null.
    expect(toSummaryView({ ...report.summary, radar: null }).radarLine).toBeNull()
  })
})
