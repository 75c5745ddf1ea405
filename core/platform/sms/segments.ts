/**
 * How long a text may be. An SMS carries 160 GSM-7 characters, or 70 in UCS-2 as soon as one
 * character is outside GSM-7 (an accented name such as Nguyễn); a longer text is sent in parts
 * of 153 or 67, each billed and each a chance to arrive out of order. The office's texts stay
 * within MAX_SEGMENTS parts. Counted by Twilio's own calculator (sms-segments-calculator), which
 * knows GSM-7's two-septet characters (€ [ ] { } …) and where a part may not split.
 */
import { SegmentedMessage } from 'sms-segments-calculator'

/** The office's texts stay within two parts: 306 GSM-7 characters, or 134 in UCS-2. */
const MAX_SEGMENTS = 2

/** How many parts a text is sent in. */
export function smsSegments(text: string): number {
  return new SegmentedMessage(text).segmentsCount
}

/** The text shortened to fit `segments` parts, ending with '...' when it was cut. */
function cutToFit(text: string, segments: number): string {
  if (smsSegments(text) <= segments) return text
  const chars = [...text]
  let low = 0
  let high = chars.length
  // The longest prefix that fits with its '...' (GSM-7 has no ellipsis character).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    if (smsSegments(`${chars.slice(0, mid).join('').trimEnd()}...`) <= segments) low = mid
    else high = mid - 1
  }
  return `${chars.slice(0, low).join('').trimEnd()}...`
}

/**
 * A text made of parts in order of importance, within `segments` parts: the first part always
 * (cut when it alone is too long), then each further part that still fits, so what matters most
 * (what happened, who, the number to call) is never what is cut. Parts are joined with a space.
 */
export function fitSms(parts: readonly (string | undefined)[], segments = MAX_SEGMENTS): string {
  const [first = '', ...rest] = parts.filter((p): p is string => Boolean(p && p.trim()))
  let text = cutToFit(first.trim(), segments)
  for (const part of rest) {
    const longer = `${text} ${part.trim()}`
    if (smsSegments(longer) <= segments) text = longer
  }
  return text
}
