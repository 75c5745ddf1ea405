/**
 * What a lead's text may contain, checked the same way in the browser and on the server
 * (docs/forms.md, "Input hygiene").
 *
 * - Control characters (C0, DEL, C1) are refused everywhere; the message alone may hold
 *   line breaks (LF, and the CR a browser sends before it) and tabs.
 * - Invisible format characters (Unicode category Cf: zero-width spaces and joiners, bidi
 *   embeddings, overrides and isolates, the byte-order mark, soft hyphens …) and the line /
 *   paragraph separators are refused everywhere: they hide what a name or address says,
 *   and a bidi override can make "Smith" display as something else in the office's inbox.
 * - Text is stored in Unicode NFC, so "José" typed on a Mac and on Windows is one spelling.
 */

/** Unicode category Cc: the C0 controls, DEL and the C1 controls. */
const CONTROL = /\p{Cc}/u
/** The same without tab, LF and CR. */
const CONTROL_EXCEPT_BREAKS = /(?![\t\n\r])\p{Cc}/u
/** Format characters plus LINE SEPARATOR and PARAGRAPH SEPARATOR. */
const FORMAT = /[\p{Cf}\u2028\u2029]/u
/**
 * Characters that draw nothing: white space, format characters, and the fillers used to
 * fake an empty name (Hangul fillers, the blank Braille pattern).
 */
const INVISIBLE = /[\s\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu

/** True when the text has no visible character at all ("", "  ", or only zero-width spaces). */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === ''
}

/** True when the text holds a character the field must not contain. */
export function hasHiddenCharacters(text: string, { allowLineBreaks = false } = {}): boolean {
  return (allowLineBreaks ? CONTROL_EXCEPT_BREAKS : CONTROL).test(text) || FORMAT.test(text)
}

/** The message a field gets when it holds such a character; `field` is how a person names it. */
export function hiddenCharacterMessage(field: string): string {
  return `${field} contains a hidden character (such as a zero-width space or a control code). Please delete it, or clear the field and type it again.`
}

/** Unicode NFC, then surrounding white space removed. */
export function normalizeText(text: string): string {
  return text.normalize('NFC').trim()
}
