/**
 * The report's PDF, read back with pdfjs-dist as a person or an adjuster's software would: the
 * right storms are in it and the wrong ones are not; it is small, and its timeline is bounded
 * (how long it takes to make is measured by `npm run bench:storms`, not here). And the
 * homeowner's e-mail, with a report (the PDF attached) and without one (an honest note).
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_BUSINESS } from '../../shared/business'
import { renderReportPdf } from '../../core/storms/pdf/render'
import { PDF_TIMELINE_MAX_STORMS } from '../../core/storms/pdf/timeline'
import { formatReportText } from '../../core/storms/report-text'
import { makeSampleWeatherReport, SAMPLE_ADDRESS } from '../../core/storms/sample-report'
import { NO_RADAR_LINE, RADAR_MEANING } from '../../core/storms/report-words'
import { pdfPages } from '../support/pdf-text'
import { buildLeadView } from '../../core/notifications/lead-view'
import { buildWeatherReportMail } from '../../core/notifications/weather-report-mail'
import { leadToShow } from '../support/lead-view'

const BUSINESS = { ...DEFAULT_BUSINESS, siteUrl: 'https://www.frontrangeroofing.example' }
const MAX_PDF_BYTES = 300 * 1024
/** The timeline's rows: each ends with its source. */
const ROW_SOURCE = /FINAL \(NCEI\)|PRELIMINARY \(SPC\)/g

describe('the PDF of the sample report', () => {
  let pdf: Buffer
  let pages: string[]
  let text: string
  beforeAll(async () => {
    pdf = await renderReportPdf(makeSampleWeatherReport(), BUSINESS)
    pages = await pdfPages(pdf)
    text = pages.join('\n')
  })

  test('has the title, the address, how it was located, and the summary', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(text).toContain('Extreme Weather Report')
    expect(text).toContain(SAMPLE_ADDRESS)
    expect(text).toContain('Located by street address')
    expect(text).toContain('1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021')
  })

  test('lists the right storms with their local time, size, distance and source', () => {
    expect(text).toMatch(/12 Jun 2024, 3:40 PM MDT.*Hail 1\.75 in 0\.6 mi NW FINAL \(NCEI\)/)
    expect(text).toMatch(/18 Sep 2026, 5:05 PM MDT Hail 0\.75 in 2\.9 mi S PRELIMINARY \(SPC\)/)
    expect(text).toMatch(/18 May 2024, 2:05 PM MDT Tornado EF0 8\.7 mi E/)
    expect(text).toMatch(/3 Aug 2022, 4:10 PM MDT Thunderstorm wind 60 mph \(52 kt\) 0\.9 mi SE/)
    expect(text).toContain('Within 1 mile: 2 storms')
    expect(text).toContain('1 to 3 miles: 5 storms')
    expect(text).toContain('3 to 10 miles: 13 storms')
  })

  test('leaves out a storm too far (10.2 mi), too old (5 years and a day) and one without coordinates', () => {
    // Their hail sizes appear nowhere else in the sample.
    expect(text).not.toContain('2.75 in')
    expect(text).not.toContain('3.00 in')
    expect(text).not.toContain('4.00 in')
    expect(text).not.toContain('10.2 mi')
    expect(text).not.toContain('19 Nov 2021')
  })

  test('says how it was made, that it is not a damage inspection, and offers a free inspection', () => {
    expect(text).toContain('NOAA NCEI Storm Events Database (final records), through 31 Aug 2026')
    expect(text).toContain('NOAA Storm Prediction Center storm reports (preliminary')
    expect(text).toContain('through 19 Nov 2026')
    expect(text).toContain('Every distance is measured from that point')
    expect(text).toContain('not a damage inspection')
    expect(text).toContain('free roof inspection')
    expect(text).toContain(`Call ${BUSINESS.phone}`)
  })

  test('has a radar page: each radar day at the home, confirmed by a report or radar only, the swath of the day of loss and the risk assessment', () => {
    const radarPage = pages.find((p) => p.includes('Radar hail at the home'))
    expect(radarPage, 'a page with the radar section').toBeDefined()
    // Its own page, before the timeline's.
    expect(pages.indexOf(radarPage!)).toBe(1)
    expect(radarPage).toContain(
      'Radar data (NOAA MRMS, Maximum Estimated Size of Hail) for every day from 20 Nov 2021 to 19 Nov 2026, 7 days missing.',
    )
    expect(radarPage).toContain('Date At the home Largest within 1 mi Largest within 3 mi Storm events')
    // Newest first; the day pictured is marked.
    expect(radarPage).toMatch(
      /3 Jul 2025 none none 0\.9 in 2\.5 mi E confirmed by a report 2\.4 mi E 12 Jun 2024 Pictured below 1\.6 in 1\.7 in 0\.8 mi WNW 2\.0 in 2\.6 mi WNW confirmed by a report 0\.6 mi NW 11 Jul 2023 none none 1\.1 in 2\.1 mi SW radar only 19 Jun 2022 1\.0 in/,
    )
    expect(radarPage).toContain(RADAR_MEANING)
    // The swath picture's legend and that day's storm events with their sizes.
    expect(radarPage).toContain('Radar hail on 12 Jun 2024 The day of the largest radar estimate at the home')
    expect(radarPage).toContain('Radar estimate 0.75 to 1 in')
    expect(radarPage).toContain('Radar estimate 2 in or more')
    expect(radarPage).toMatch(/2\.50 in 1\.75 in Radar hail on/)
    expect(radarPage).toContain(
      'Days of 1 in+ at the home 2 days in 5 years Largest at the home 1.6 in on 12 Jun 2024 Compared with the area more than 97% of the service area had fewer such days',
    )
    expect(radarPage).toContain(
      'at this home on 2 days in 5 years, more such days than 97% of the service area had',
    )
    expect(text).not.toContain(NO_RADAR_LINE)
    // The summary on the first page carries radar's line.
    expect(pages[0]).toContain(
      'Radar: hail of about 1.6 in at your home on 12 Jun 2024 (confirmed by a report 0.6 mi NW)',
    )
  })

  test('every page has its number and the date it was made', () => {
    expect(pages.length).toBeGreaterThan(1)
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`)
      expect(page).toContain('Made 20 Nov 2026')
    })
  })

  test(`is under ${MAX_PDF_BYTES / 1024} KB`, () => {
    expect(pdf.length).toBeLessThan(MAX_PDF_BYTES)
  })
})

test('a report stored before radar says in one line that no radar data was available, after the storm picture', async () => {
  const report = makeSampleWeatherReport({ radar: false })
  expect(report.radar).toBeUndefined()
  const pages = await pdfPages(await renderReportPdf(report, BUSINESS))
  expect(pages[0]).toContain(`Radar hail at the home ${NO_RADAR_LINE}`)
  const text = pages.join('\n')
  expect(text).not.toMatch(/Risk assessment|Radar hail on|Radar:|confirmed by a report|radar only/i)
  // Its timeline still starts on the second page: no page is spent on radar.
  expect(pages[1]).toContain('Storm timeline, newest first')
})

test('a report made while the store held no radar says so too', async () => {
  const report = {
    ...makeSampleWeatherReport({ radar: false }),
    radar: { coverage: null, days: [], largestAtHome: null, swath: null },
    risk: null,
  }
  const pages = await pdfPages(await renderReportPdf(report, BUSINESS))
  expect(pages[0]).toContain(`Radar hail at the home ${NO_RADAR_LINE}`)
  expect(pages.join('\n')).not.toMatch(/Risk assessment/i)
})

test('a report of 150 storms is under 300 KB, on several pages, and lists every storm', async () => {
  const report = makeSampleWeatherReport({ extra: 130 })
  expect(report.storms.length).toBe(150)
  const pdf = await renderReportPdf(report, BUSINESS)
  expect(pdf.length).toBeLessThan(MAX_PDF_BYTES)
  const pages = await pdfPages(pdf)
  expect(pages.length).toBeGreaterThanOrEqual(4)
  // The table's head is repeated on the pages the timeline continues on.
  expect(pages.filter((p) => p.includes('Date and time (Denver)')).length).toBeGreaterThanOrEqual(3)
  expect(pages.join('\n').match(ROW_SOURCE)).toHaveLength(150)
  expect(pages.join('\n')).not.toContain('more within 10 mi')
})

test(`a report of 400 storms lists the nearest ${PDF_TIMELINE_MAX_STORMS} in its PDF and says how many more; its summary and JSON count all 400`, async () => {
  const report = makeSampleWeatherReport({ extra: 380 })
  expect(report.storms.length).toBe(400)
  const { countByRing } = report.summary
  expect(countByRing[1] + countByRing[3] + countByRing[10]).toBe(400)
  // The stored report, and site-admin's --json, keep every storm.
  expect((JSON.parse(JSON.stringify(report)) as typeof report).storms).toHaveLength(400)
  expect(formatReportText(report, DEFAULT_BUSINESS).match(ROW_SOURCE)).toHaveLength(400)

  const text = (await pdfPages(await renderReportPdf(report, BUSINESS))).join('\n')
  expect(text.match(ROW_SOURCE)).toHaveLength(300)
  expect(text).toMatch(/…and 100 more within 10 mi, each \d\.\d mi or farther from the home/)
  // The summary's tiles count them all; the rings' titles too, with how many are listed.
  expect(text).toContain(`${countByRing[1]} storms within 1 mi`)
  expect(text).toContain(`${countByRing[10]} storms 3 to 10 mi away`)
  expect(text).toContain(
    `3 to 10 miles: ${countByRing[10]} storms, the nearest ${countByRing[10] - 100} listed`,
  )
  // The ones left out are the farthest: the nearest storms and the date of loss are listed.
  expect(text).toContain(`Within 1 mile: ${countByRing[1]} storms Date`)
  expect(text).toMatch(/12 Jun 2024, 3:40 PM MDT.*Hail 1\.75 in 0\.6 mi NW FINAL \(NCEI\)/)
})

describe("the homeowner's e-mail", () => {
  const lead = buildLeadView(
    leadToShow({ address: SAMPLE_ADDRESS, createdAt: '2026-11-20T16:59:00.000Z' }),
    undefined,
    BUSINESS.siteUrl,
  )
  const from = 'Front Range Roofing <reports@frontrangeroofing.example>'

  test('with a report: the summary in the body and the PDF attached', async () => {
    const report = makeSampleWeatherReport()
    const pdf = await renderReportPdf(report, BUSINESS)
    const mail = await buildWeatherReportMail(lead, report, { from, business: DEFAULT_BUSINESS, pdf })
    expect(mail.subject).toBe('Your Extreme Weather Report for 11020 S Pikes Peak Dr, Parker')
    expect(mail.messageId).toBe(`<hail-report-${lead.id}@frontrangeroofing.example>`)
    expect(mail.headers['Auto-Submitted']).toBe('auto-replied')
    expect(mail.to).toEqual({ name: 'Ada Roof', address: 'ada@example.com' })
    expect(mail.attachments).toEqual([
      {
        filename: 'Extreme-Weather-Report-11020-S-Pikes-Peak-Dr.pdf',
        content: pdf,
        contentType: 'application/pdf',
      },
    ])
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021')
      expect(part).toContain(
        'Radar: hail of about 1.6 in at your home on 12 Jun 2024 (confirmed by a report 0.6 mi NW)',
      )
      expect(part).toContain('attached as a PDF')
      expect(part).toContain('not a damage inspection')
      expect(part).toContain(DEFAULT_BUSINESS.phone)
    }
    expect(mail.text).toMatch(/Storms within 1 mile\s+2/)
    expect(mail.text).toMatch(/Storms 3 to 10 miles away\s+13/)
  })

  test('with a report stored before radar: the summary without a radar line', async () => {
    const mail = await buildWeatherReportMail(lead, makeSampleWeatherReport({ radar: false }), {
      from,
      business: DEFAULT_BUSINESS,
    })
    expect(mail.text).toContain('1.75 in hail 0.6 mi NW on 12 Jun 2024; 7 storms within 3 mi since 2021')
    expect(mail.text).not.toContain('Radar')
    expect(mail.html).not.toContain('Radar')
  })

  test('without a report: says the address could not be placed and the office follows up; nothing attached', async () => {
    const mail = await buildWeatherReportMail(lead, undefined, { from, business: DEFAULT_BUSINESS })
    expect(mail.attachments).toBeUndefined()
    expect(mail.messageId).toBe(`<hail-report-${lead.id}@frontrangeroofing.example>`)
    expect(mail.subject).toContain('Your Extreme Weather Report for 11020 S Pikes Peak Dr, Parker')
    expect(mail.text).toContain('We could not place this address on the map automatically')
    expect(mail.text).toContain('send you the report')
    expect(mail.text).toContain(DEFAULT_BUSINESS.phone)
    // No summary, no storms, no figures of a report that was not made.
    expect(mail.text).not.toMatch(/storms? within|in hail|Date of loss|attached/i)
  })
})
