/**
 * What one browser session remembers after a lead is sent: that it was sent (no exit-intent
 * popup for this session) and the name and e-mail for the booking widget's prefill on
 * /schedule-inspection (spec section 2). Kept in sessionStorage, never in the page URL.
 */
import { browserStorage, markLeadSent } from './exit-intent-storage'

export const BOOKING_PREFILL_SESSION_KEY = 'bookingPrefill'

export interface BookingPrefillData {
  firstName: string
  lastName: string
  email: string
}

export function rememberLead(data: BookingPrefillData): void {
  const session = browserStorage('sessionStorage')
  markLeadSent(session)
  try {
    session?.setItem(BOOKING_PREFILL_SESSION_KEY, JSON.stringify(data))
  } catch {
    // The widget then opens without prefill; nothing else depends on it.
  }
}

export function readBookingPrefill(): BookingPrefillData | null {
  try {
    const raw = browserStorage('sessionStorage')?.getItem(BOOKING_PREFILL_SESSION_KEY)
    if (!raw) return null
    const v = JSON.parse(raw) as Partial<BookingPrefillData>
    return {
      firstName: typeof v.firstName === 'string' ? v.firstName : '',
      lastName: typeof v.lastName === 'string' ? v.lastName : '',
      email: typeof v.email === 'string' ? v.email : '',
    }
  } catch {
    return null
  }
}
