/**
 * What one browser session remembers after a lead is sent: that it was sent (so the
 * exit-intent popup does not ask again in this session) and the name and e-mail for the
 * booking widget's prefill on /schedule-inspection. Kept in sessionStorage, never in the page
 * URL.
 */
import { browserStorage, type StorageLike } from './browser-storage'

/** sessionStorage flag set by every successful lead form. */
const LEAD_SENT_SESSION_KEY = 'leadSubmitted'
const BOOKING_PREFILL_SESSION_KEY = 'bookingPrefill'

export interface BookingPrefillData {
  firstName: string
  lastName: string
  email: string
}

export function markLeadSent(session: StorageLike | null | undefined): void {
  try {
    session?.setItem(LEAD_SENT_SESSION_KEY, '1')
  } catch {
    // Private mode may refuse; the popup may then show, which only costs a close.
  }
}

export function hasJustSentLead(session: StorageLike | null | undefined): boolean {
  try {
    return session?.getItem(LEAD_SENT_SESSION_KEY) === '1'
  } catch {
    return false
  }
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
