/**
 * The inline booking widget on /schedule-inspection (client/components/lead/BookingWidget.tsx):
 * the iframe of the booking page with event details and consent banner hidden, prefilled with
 * the name and e-mail the visitor just sent (sessionStorage only, never the page URL); the
 * spinner stays until the frame has loaded.
 */
import { buildBookingUrl } from '../../shared/booking-url'
import { readBookingPrefill } from '../lib/lead-session'

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
  frame.src = buildBookingUrl({
    url: widget.dataset.bookingUrl ?? '',
    embedDomain: window.location.host,
    prefill: readBookingPrefill() ?? undefined,
    pageSettings: { hideEventTypeDetails: true, hideGdprBanner: true, primaryColor: 'c2410c' },
  })
  widget.append(frame)
}
