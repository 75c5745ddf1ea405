/**
 * The lead's reference for the scheduling tool (docs/bookings.md, "Matching a booking to its
 * lead"): 22 random letters and digits, made when the lead is stored and kept with it
 * (form_submissions.booking_ref). The booking page passes it to the tool, which sends it back
 * with the booking. Random rather than the lead's id, so nobody can attach a booking to a lead
 * that is not theirs by guessing or reading one.
 */
import { randomInt } from 'node:crypto'
import { BOOKING_REF_PATTERN } from '../../shared/booking-url'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A new reference: 22 characters of 62, about 131 random bits. */
export function makeBookingRef(): string {
  let ref = ''
  for (let i = 0; i < 22; i++) ref += ALPHABET[randomInt(ALPHABET.length)]
  if (!BOOKING_REF_PATTERN.test(ref)) throw new Error('a booking reference lost its shape')
  return ref
}
