import { describe, expect, it } from 'vitest'
import { buildBookingUrl } from '../../shared/booking-url'

const URL_BASE = 'https://booking.test/roof-inspection'
const paramsOf = (url: string) => new URL(url).searchParams

describe('buildBookingUrl', () => {
  it('returns the scheduling page unchanged when no options are given', () => {
    expect(buildBookingUrl({ url: URL_BASE })).toBe(URL_BASE)
  })

  it('prefills name, first and last name and e-mail', () => {
    const p = paramsOf(
      buildBookingUrl({
        url: URL_BASE,
        prefill: { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com' },
      }),
    )
    expect(p.get('name')).toBe('Jane Doe')
    expect(p.get('first_name')).toBe('Jane')
    expect(p.get('last_name')).toBe('Doe')
    expect(p.get('email')).toBe('jane@example.com')
  })

  it('encodes special characters of a name', () => {
    const url = buildBookingUrl({ url: URL_BASE, prefill: { firstName: 'Zoë', lastName: 'O’Brien & Co' } })
    expect(paramsOf(url).get('name')).toBe('Zoë O’Brien & Co')
    expect(url).not.toContain('& Co')
  })

  it('maps page settings to a colour without # and hide flags set to 1', () => {
    const p = paramsOf(
      buildBookingUrl({
        url: URL_BASE,
        pageSettings: { primaryColor: '#C2410C', hideEventTypeDetails: true, hideGdprBanner: true },
      }),
    )
    expect(p.get('primary_color')).toBe('c2410c')
    expect(p.get('hide_event_type_details')).toBe('1')
    expect(p.get('hide_gdpr_banner')).toBe('1')
  })

  it('leaves out false hide flags and invalid colours', () => {
    const p = paramsOf(
      buildBookingUrl({
        url: URL_BASE,
        pageSettings: { primaryColor: 'orange', hideEventTypeDetails: false, hideGdprBanner: false },
      }),
    )
    expect(p.has('primary_color')).toBe(false)
    expect(p.has('hide_event_type_details')).toBe(false)
    expect(p.has('hide_gdpr_banner')).toBe(false)
  })

  it('maps UTM fields to utm_* parameters', () => {
    const p = paramsOf(
      buildBookingUrl({
        url: URL_BASE,
        utm: {
          utmCampaign: 'hail-2025',
          utmSource: 'site',
          utmMedium: 'web',
          utmContent: 'thank-you',
          utmTerm: 'roof',
        },
      }),
    )
    expect(p.get('utm_campaign')).toBe('hail-2025')
    expect(p.get('utm_source')).toBe('site')
    expect(p.get('utm_medium')).toBe('web')
    expect(p.get('utm_content')).toBe('thank-you')
    expect(p.get('utm_term')).toBe('roof')
    // Cal.com returns only metadata[...]: the source, medium and campaign go there too.
    expect(p.get('metadata[utm_source]')).toBe('site')
    expect(p.get('metadata[utm_medium]')).toBe('web')
    expect(p.get('metadata[utm_campaign]')).toBe('hail-2025')
    expect(p.get('metadata[utm_term]')).toBeNull()
  })

  it('adds embed_domain and embed_type=Inline when embedded', () => {
    const p = paramsOf(buildBookingUrl({ url: URL_BASE, embedDomain: 'localhost:3000' }))
    expect(p.get('embed_domain')).toBe('localhost:3000')
    expect(p.get('embed_type')).toBe('Inline')
  })

  it('keeps query parameters already on the scheduling page URL', () => {
    const p = paramsOf(
      buildBookingUrl({ url: `${URL_BASE}?month=2025-07`, prefill: { email: 'x@example.com' } }),
    )
    expect(p.get('month')).toBe('2025-07')
    expect(p.get('email')).toBe('x@example.com')
  })

  it('skips blank prefill values', () => {
    expect(buildBookingUrl({ url: URL_BASE, prefill: { firstName: ' ', email: '' } })).toBe(URL_BASE)
  })

  it('passes the lead’s reference in Calendly’s and Cal.com’s pass-through fields, and nothing else for it', () => {
    const ref = 'Ab3dEf6hIj9kLm2nOp5qRs'
    const url = buildBookingUrl({ url: URL_BASE, leadRef: ref })
    expect(paramsOf(url).get('salesforce_uuid')).toBe(ref)
    expect(paramsOf(url).get('metadata[leadRef]')).toBe(ref)
    // A cookie that is not a reference (edited, or another site's) is left out.
    expect(buildBookingUrl({ url: URL_BASE, leadRef: 'x"><script>' })).toBe(URL_BASE)
    expect(buildBookingUrl({ url: URL_BASE, leadRef: '' })).toBe(URL_BASE)
  })
})
