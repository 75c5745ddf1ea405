/**
 * The inline booking widget (spec sections 2, 7, 9): an iframe of the configured booking
 * page, 700 px tall, at least 320 px wide, event details and consent banner hidden,
 * prefilled with the name and e-mail the visitor just sent (from sessionStorage, never the
 * page URL). A spinner shows until the frame's load event.
 */
import { useEffect, useState } from 'react'
import { buildBookingUrl } from '../../../shared/booking-url'
import { useBusiness } from '../../hooks/use-business'
import { readBookingPrefill } from './lead-session'

export const BOOKING_WIDGET_HEIGHT_PX = 700
export const BOOKING_WIDGET_MIN_WIDTH_PX = 320

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
          width="100%"
          height={BOOKING_WIDGET_HEIGHT_PX}
          onLoad={() => setLoaded(true)}
        />
      ) : null}
    </div>
  )
}
