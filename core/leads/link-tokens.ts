/**
 * The signed links made for one lead's e-mail address (stopping storm alerts, confirming them,
 * stopping follow-ups): the token is `<lead id>.<signature>`, the signature the HMAC-SHA256 of
 * the lead id and its e-mail address (with a key and a purpose of the feature's own, cut to 32
 * characters). The address itself is not in the link (a link is logged, forwarded and pasted;
 * an address is personal data): the site reads it from the lead, and a link whose lead's
 * address is not the one it was made for reads as invalid. They never expire.
 */
import type { Db } from '../platform/db/connection'
import { linkSigning, openToken, signToken } from '../platform/signed-token'
import { findLead } from './store'

const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{32})$/
/** A moment that never comes: the links do not expire. */
const NEVER = new Date(8.64e15)

/** What is signed: the lead and its address (lower case: addresses are compared so). */
const signedPart = (leadId: string, email: string) => `${leadId}:${email.trim().toLowerCase()}`

/** `<lead id>.<signature>` for `purpose`, over the lead and its address. */
export function makeLeadLinkToken(key: Buffer, purpose: string, leadId: string, email: string): string {
  const payload = signedPart(leadId, email)
  return `${leadId}.${signToken(linkSigning(key, purpose), payload).slice(payload.length + 1)}`
}

/**
 * The lead and address a token of `purpose` is for, or undefined when the site did not make it
 * (or its lead is gone, or the lead's address is no longer the one it was made for).
 */
export function checkLeadLinkToken(
  db: Db,
  key: Buffer,
  purpose: string,
  token: string,
): { leadId: string; email: string } | undefined {
  const match = TOKEN.exec(token)
  if (!match) return undefined
  const [, leadId, signature] = match as unknown as [string, string, string]
  const row = findLead(db, leadId)
  if (!row?.email) return undefined
  const opened = openToken(
    linkSigning(key, purpose),
    `${signedPart(leadId, row.email)}.${signature}`,
    new Date(0),
    () => NEVER,
  )
  return opened.state === 'valid' ? { leadId, email: row.email } : undefined
}
