/**
 * What may come out of a visitor's text into an e-mail or a log.
 *
 * Headers (Subject, Reply-To's display name): no line breaks, no control characters and no
 * Unicode format characters (bidi overrides like U+202E, zero-width joiners), so a value
 * can neither add a header nor make one read differently from what it is.
 * Body text: React escapes HTML; bidi embedding/override/isolate controls are removed so a
 * name cannot reverse the text around it ("Trojan Source" spoofing); line breaks stay.
 */

// Cc: C0/C1 controls (CR, LF, TAB…); Cf: format characters (bidi controls, ZWJ, soft hyphen…);
// Zl/Zp: the Unicode line and paragraph separators.
const HEADER_UNSAFE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g
// Controls other than TAB and LF (CR is folded into LF first).
const BODY_CONTROLS = /(?![\t\n])\p{Cc}/gu

/** One line of plain text, safe inside a header; at most `maxLength` characters. */
export function toHeaderText(value: string, maxLength = 120): string {
  const flat = value.replace(HEADER_UNSAFE, ' ').replace(/\s+/g, ' ').trim()
  return flat.length > maxLength ? `${flat.slice(0, maxLength - 1).trimEnd()}…` : flat
}

/** Text for an e-mail body: line breaks normalised, bidi and other controls removed. */
export function toBodyText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(BIDI_CONTROLS, '').replace(BODY_CONTROLS, '')
}

const ADDRESS_LIKE = /[^\s<>"'@]+@[^\s<>"'@]+/g

/**
 * A provider's error text without e-mail addresses (an SMTP 550 often quotes the
 * homeowner's address), for the log and the stored reason: ids and reasons only.
 */
export function toReason(message: string, maxLength = 300): string {
  return toHeaderText(message.replace(ADDRESS_LIKE, '[address]'), maxLength)
}
