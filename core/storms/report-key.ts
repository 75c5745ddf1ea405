/**
 * The key that shows a hail report's summary on the page to the visitor who sent the form,
 * and to nobody else. The web process makes it when it stores the lead, answers it once (in
 * the JSON answer to the form's post, which only that browser sees) and keeps only its
 * SHA-256; GET /api/hail-reports/:id asks for the key itself. A lead id alone, or a guessed
 * URL, reads nothing: the address and the storms around it are personal data.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/** 144 random bits, URL-safe. */
export function makeReportKey(): { key: string; hash: string } {
  const key = randomBytes(18).toString('base64url')
  return { key, hash: hashReportKey(key) }
}

function hashReportKey(key: string): string {
  return createHash('sha256').update(key).digest('hex')
}

/** Whether `key` is the one whose hash was stored; constant time, and false for anything malformed. */
export function reportKeyMatches(key: string | undefined, storedHash: string | null | undefined): boolean {
  if (!key || !storedHash || key.length > 100) return false
  const a = Buffer.from(hashReportKey(key), 'hex')
  const b = Buffer.from(storedHash, 'hex')
  return a.length === b.length && timingSafeEqual(a, b)
}
