/**
 * The inline booking widget on /schedule-inspection (client/components/lead/BookingWidget.tsx):
 * the iframe of the booking page with event details and consent banner hidden, prefilled with
 * the name and e-mail the visitor just sent (sessionStorage only, never the page URL); the
 * spinner stays until the frame has loaded. The visit's UTM values go with it
 * (client/lib/attribution-store.ts).
 */
import { buildBookingUrl } from '../../shared/booking-url'
import { readBookingPrefill } from '../lib/lead-session'
import { visitUtm } from '../lib/attribution-store'

export function startBookingWidget(): void {
  const widget = document.querySelector<HTMLElement>('.booking-widget[data-booking-url]')
  if (!widget) return
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
  })
  widget.append(frame)
}
