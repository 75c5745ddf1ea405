/**
 * Migration 017: a booking without a form keeps where it came from (docs/bookings.md, "The
 * funnel").
 *
 * - booking_events.utm_source, utm_medium, utm_campaign: the campaign the booking page passed
 *   to the scheduling tool and the tool sent back (Calendly's payload.tracking, Cal.com's
 *   payload.metadata), so a booking that matches no lead still counts under its source.
 * - booking_events_without_form: the bookings no lead matched, by when they came, for the
 *   weekly funnel.
 */
export const sql = /* sql */ `
ALTER TABLE booking_events ADD COLUMN utm_source TEXT;
ALTER TABLE booking_events ADD COLUMN utm_medium TEXT;
ALTER TABLE booking_events ADD COLUMN utm_campaign TEXT;
CREATE INDEX booking_events_without_form ON booking_events (received_at) WHERE matched_by = 'none';
`
