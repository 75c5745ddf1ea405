/**
 * What the link pages share (the unsubscribe, confirmation and mark pages): the
 * address as they name it, a paragraph, and the check that makes a valid link's button never
 * count against the rate limit.
 */
import type { Request } from 'express'
import { escapeHtml } from './escape-html'
import { tokenInPath } from './link-pages'

/** 'd•••@example.com': enough for its owner to know it, little for anyone else. */
export function halfHidden(email: string): string {
  const at = email.lastIndexOf('@')
  return at < 1 ? '•••' : `${email[0]}•••${email.slice(at)}`
}

export const para = (text: string, className?: string) =>
  `<p${className ? ` class="${className}"` : ''}>${escapeHtml(text)}</p>`

/**
 * The rate limit's exemption: a POST whose token the site made. Mail providers post one-click
 * unsubscribes from a few shared addresses, and a homeowner's button must work whoever shares
 * their address; a made-up token is still counted and refused past the limit.
 */
export function exemptValidPost(isValid: (token: string) => boolean): (req: Request) => boolean {
  return (req) => {
    if (req.method !== 'POST') return false
    const token = tokenInPath(req)
    return token !== '' && isValid(token)
  }
}
