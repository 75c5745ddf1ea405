/**
 * The inline booking widget on /schedule-inspection: an iframe of the configured booking
 * page with event details and consent banner hidden, prefilled with the name and e-mail the
 * visitor just sent (from sessionStorage, never the page URL). A spinner shows until the
 * frame's load event. Its size (700 px tall, at least 320 px wide) is set in one place,
 * client/styles/lead/booking-widget.css.
 */
import { useEffect, useState } from 'react'
import { buildBookingUrl } from '../../../shared/booking-url'
import { useBusiness } from '../../hooks/use-business'
import { readBookingPrefill } from './lead-session'

export function BookingWidget() {
  const { bookingUrl } = useBusiness()
  const [src, setSrc] = useState<string | null>(null)
  const [loaded, setLoaded] = useState(false)

  // Built after hydration: the prefill lives in this browser's sessionStorage only.
  useEffect(() => {
    const prefill = readBookingPrefill()
    setSrc(
      buildBookingUrl({
        url: bookingUrl,
        embedDomain: window.location.host,
        prefill: prefill ?? undefined,
        pageSettings: { hideEventTypeDetails: true, hideGdprBanner: true, primaryColor: 'c2410c' },
      }),
    )
  }, [bookingUrl])

  return (
    <div className="booking-widget" data-state={loaded ? 'loaded' : 'loading'}>
      {loaded ? null : (
        <div className="booking-spinner" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Loading booking calendar…</span>
        </div>
      )}
      {src ? (
        <iframe
          className="booking-frame"
          src={src}
          title="Schedule your free roof inspection"
          onLoad={() => setLoaded(true)}
        />
      ) : null}
    </div>
  )
}
