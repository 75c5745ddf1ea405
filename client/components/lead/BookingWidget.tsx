/**
 * The inline booking widget on /schedule-inspection, as server HTML: its box and the spinner.
 * client/script-layer/booking-widget.ts adds the iframe of the configured booking page with
 * event details and consent banner hidden, prefilled with the name and e-mail the visitor just
 * sent (from sessionStorage, never the page URL), and removes the spinner once the frame has
 * loaded. Its size (700 px tall, at least 320 px wide) is set in one place,
 * client/styles/lead/booking-widget.css.
 *
 * Where the frame never comes (JavaScript off, or its script lost on a weak connection), the
 * visitor is not left with a spinner: without JavaScript the spinner gives way at once to a link
 * to the booking page itself and the phone; with JavaScript, the same line appears under the
 * spinner after 10 seconds, by CSS alone, and goes with the spinner once the frame has loaded.
 */
import { telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'

export function BookingWidget() {
  const { bookingUrl, phone } = useBusiness()
  const fallback = (
    <>
      <a href={bookingUrl} target="_blank" rel="noopener">
        Open the booking calendar
      </a>{' '}
      or call us at{' '}
      <a className="booking-phone" href={telHref(phone)}>
        {phone}
      </a>
      .
    </>
  )
  return (
    <div className="booking-widget" data-state="loading" data-booking-url={bookingUrl}>
      <div className="booking-spinner" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading booking calendar…</span>
        <p className="booking-slow">Taking a while? {fallback}</p>
      </div>
      <noscript>
        <div className="booking-noscript">
          <p>The booking calendar needs JavaScript. {fallback}</p>
        </div>
      </noscript>
    </div>
  )
}
