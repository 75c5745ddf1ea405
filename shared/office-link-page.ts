/**
 * What an office link's confirmation page shows (client/pages/office-confirm/), as the server
 * works it out (server/office/office-router.ts) and hands it over in pageContext.officeLink.
 * The page is rendered per request and never cached; the words are written for the office.
 */

/** The two things a link can do. */
type OfficeLinkAction = 'not_spam' | 'spam'

/**
 * The enquiry as the page names it, so the office sees which one it is about to change. Only a
 * link that can still act carries it: once a link is used, expired or cannot apply, its page
 * names the enquiry by its short id alone, so a forwarded or logged link is no lasting window
 * on the homeowner's name, phone, e-mail, address and message.
 */
export interface OfficeLinkLead {
  /** The first 8 characters of its id: what site-admin takes. */
  shortId: string
  name: string
  /** When it arrived, in the business's time zone: 'Tue, Jun 17, 2025, 2:05 PM MDT'. */
  receivedAt: string
  address: string
  email: string
  phone: string
  /** The start of the message; empty when there is none. */
  message: string
  /** Why the score held it, in words with each reason's points (held leads only). */
  reasons: string[]
}

export type OfficeLinkPage =
  /** Nothing happened yet: the button will act. */
  | { kind: 'ready'; action: OfficeLinkAction; token: string; lead: OfficeLinkLead; expiresAt: string }
  /** The button was pressed now (`just`), or earlier: what happened and when. */
  | {
      kind: 'done'
      action: OfficeLinkAction
      /** The first 8 characters of the lead's id, and nothing else of it. */
      shortId: string
      at: string
      by: 'office-link' | 'site-admin'
      just: boolean
    }
  /**
   * The link works no longer (since `expiredAt`); nothing changed. `quarantinedUntil`: when a lead in quarantine
   * will be deleted.
   */
  | {
      kind: 'expired'
      action: OfficeLinkAction
      shortId: string
      expiredAt: string
      quarantinedUntil: string | null
    }
  /** The link does not fit the enquiry's state (a "Not spam" link for a lead never held …). */
  | { kind: 'not-applicable'; action: OfficeLinkAction; shortId: string; quarantined: boolean }
  /** The enquiry is no longer stored (held spam is deleted after its retention). */
  | { kind: 'gone'; action: OfficeLinkAction; retentionDays: number }
  /** Not a link the site made: cut short or altered. */
  | { kind: 'invalid' }
  /** The button was pressed on another site's page (the same-origin check refused it). */
  | { kind: 'refused' }
  /** This address opened more office links in the last minute than the site allows (429). */
  | { kind: 'too-many'; retryAfterSeconds: number }

/** The page's <title> for each case. */
export function officeLinkTitle(page: OfficeLinkPage | undefined): string {
  if (!page) return 'This link does not work'
  switch (page.kind) {
    case 'ready':
      return page.action === 'not_spam' ? 'Deliver this enquiry?' : 'Mark this enquiry as spam?'
    case 'done':
      return page.action === 'not_spam'
        ? page.just
          ? 'Enquiry delivered'
          : 'Already delivered'
        : page.just
          ? 'Marked as spam'
          : 'Already marked as spam'
    case 'expired':
      return 'This link has expired'
    case 'not-applicable':
      return page.quarantined ? 'This enquiry is held as spam' : 'This enquiry was never held back'
    case 'gone':
      return 'This enquiry is no longer stored'
    case 'invalid':
      return 'This link does not work'
    case 'refused':
      return 'Please use the button on the page'
    case 'too-many':
      return 'Too many links opened at once'
  }
}

/** What the page over the rate limit says: what happened, that nothing changed, what to do. */
export function tooManyInWords(seconds: number): string {
  const wait = seconds === 1 ? '1 second' : `${seconds} seconds`
  return `More office links were opened from this address in the last minute than the site allows, so this one was not looked at. Nothing has been changed. Wait ${wait}, then open the link from the e-mail again.`
}
