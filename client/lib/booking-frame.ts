/**
 * The inline booking widget's frame on /schedule-inspection (client/components/lead/BookingWidget.tsx):
 * the iframe of the booking page with event details and consent banner hidden, prefilled with
 * the name and e-mail the visitor just sent (sessionStorage only, never the page URL), with the
 * visit's UTM values (client/lib/attribution-store.ts) and the reference of the lead just sent
 * (its cookie, set by the enquiry's answer), so the scheduling tool sends the booking back with
 * it (docs/bookings.md). The spinner stays until the frame has loaded. Loaded only on a page with
 * the widget (client/script-layer/booking-widget.ts), so no other page pays for it.
 */
import { BOOKING_REF_COOKIE, buildBookingUrl } from '../../shared/booking-url'
import { readBookingPrefill } from './lead-session'
import { visitUtm } from './attribution-store'

/** The reference of the lead this browser just sent, from its cookie; undefined when none. */
function readBookingRef(): string | undefined {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${BOOKING_REF_COOKIE}=`))
  return pair?.slice(BOOKING_REF_COOKIE.length + 1) || undefined
}

export function showBookingFrame(widget: HTMLElement): void {
  const frame = document.createElement('iframe')
  frame.className = 'booking-frame'
  frame.title = 'Schedule your free roof inspection'
  frame.addEventListener('load', () => {
    widget.dataset.state = 'loaded'
    widget.querySelector('.booking-spinner')?.remove()
  })
  const utm = visitUtm()
  frame.src = buildBookingUrl({
    url: widget.dataset.bookingUrl ?? '',
    embedDomain: window.location.host,
    prefill: readBookingPrefill() ?? undefined,
    pageSettings: { hideEventTypeDetails: true, hideGdprBanner: true, primaryColor: 'c2410c' },
    // The visit's campaign, so the booking tool can tell which spend brought the booking.
    utm: {
      utmSource: utm.utm_source,
      utmMedium: utm.utm_medium,
      utmCampaign: utm.utm_campaign,
      utmTerm: utm.utm_term,
      utmContent: utm.utm_content,
    },
    leadRef: readBookingRef(),
  })
  widget.append(frame)
}
