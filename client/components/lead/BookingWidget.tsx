/**
 * The inline booking widget on /schedule-inspection, as server HTML: its box and the spinner.
 * client/script-layer/booking-widget.ts adds the iframe of the configured booking page with
 * event details and consent banner hidden, prefilled with the name and e-mail the visitor just
 * sent (from sessionStorage, never the page URL), and removes the spinner once the frame has
 * loaded. Its size (700 px tall, at least 320 px wide) is set in one place,
 * client/styles/lead/booking-widget.css.
 */
import { useBusiness } from '../../hooks/use-business'

export function BookingWidget() {
  const { bookingUrl } = useBusiness()
  return (
    <div className="booking-widget" data-state="loading" data-booking-url={bookingUrl}>
      <div className="booking-spinner" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading booking calendar…</span>
      </div>
    </div>
  )
}
