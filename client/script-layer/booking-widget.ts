/**
 * The inline booking widget on /schedule-inspection (client/components/lead/BookingWidget.tsx):
 * its frame, prefilled and carrying the lead's reference, is drawn by client/lib/booking-frame.ts,
 * which loads only on a page with the widget, so no other page pays for it.
 */
export function startBookingWidget(): void {
  const widget = document.querySelector<HTMLElement>('.booking-widget[data-booking-url]')
  if (!widget) return
  void import('../lib/booking-frame').then(({ showBookingFrame }) => showBookingFrame(widget))
}
