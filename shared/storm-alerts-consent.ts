/**
 * Confirming storm alerts (docs/storm-alerts.md, "Confirming"): the words, in one place. What
 * the homeowner meets (the button in the e-mails, the confirmation e-mail, the page the button's
 * link opens, the privacy page) and what the office reads of a consent (its e-mail, the
 * briefing, site-admin and the CSV).
 *
 * Ticking "Tell me when radar sees hail at this address" asks for alerts; only the owner of the
 * e-mail address can confirm them, by the button of the first e-mail the site sends it. No
 * alert goes to an address that has not confirmed; a consent left unconfirmed lapses.
 */
import { STORM_ALERTS_LABEL } from './lead-fields'

/** The path every confirmation link opens; the token follows it. */
export const STORM_ALERTS_CONFIRM_PATH = '/storm-alerts/confirm'

/** The button in the e-mails and on the page. */
export const CONFIRM_BUTTON = 'Confirm storm alerts'

/** A consent not confirmed within this many days of being given lapses: it never gets an alert. */
export const CONSENT_LAPSE_DAYS = 30

/**
 * Where a lead's consent stands: the box not ticked; ticked and waiting for the address to
 * confirm; confirmed; or left unconfirmed until it lapsed.
 */
export type ConsentState = 'not-asked' | 'asked' | 'confirmed' | 'lapsed'

/** The office's words for each state (its e-mail's "Storm alerts" row, leads show, the CSV, the briefing). */
export const CONSENT_WORDS: Record<ConsentState, string> = {
  'not-asked': 'no',
  asked: 'asked, not confirmed',
  confirmed: 'confirmed',
  lapsed: `asked, not confirmed (lapsed after ${CONSENT_LAPSE_DAYS} days)`,
}

/** The part of the autoreply and of the weather report e-mail that asks to confirm. */
export const CONFIRM_SECTION = {
  heading: 'Confirm your storm alerts',
  text: `This request was sent with “${STORM_ALERTS_LABEL}” ticked. We send no storm alert until you confirm that you want them at this e-mail address:`,
  notYou: `If you did not ask for storm alerts, ignore this: none will be sent, and the request lapses after ${CONSENT_LAPSE_DAYS} days.`,
}

/** The short e-mail that asks alone, when the site sends no other e-mail to the homeowner. */
export const CONFIRM_EMAIL = {
  subject: (businessName: string) => `Confirm storm alerts from ${businessName}`,
  preview: 'One click confirms them: we send no storm alert until you do.',
  heading: CONFIRM_BUTTON,
  asked: (firstName: string, businessName: string, address: string | undefined) =>
    `Hi ${firstName}, a request on the ${businessName} website${address ? ` for ${address}` : ''} gave this e-mail address and ticked “${STORM_ALERTS_LABEL}”.`,
  why: 'We send no storm alert until you confirm that you want them at this e-mail address.',
  notYou: `If that was not you, ignore this e-mail: you will get no storm alerts, and the request lapses after ${CONSENT_LAPSE_DAYS} days.`,
}

/**
 * The pages of /storm-alerts/confirm/<token>. `who` is the e-mail address half hidden
 * ('d•••@example.com'); dates are written by the business clock ('3 Jun 2025').
 */
export const CONFIRM_PAGE = {
  ready: {
    title: 'Confirm your storm alerts',
    text: (who: string) =>
      `Press the button to get an e-mail at ${who} when radar sees hail at the address you gave us.`,
    note: 'Nothing has changed yet: only the button confirms.',
  },
  confirmed: {
    title: 'Storm alerts are confirmed',
    now: (who: string) =>
      `Done: ${who} gets an e-mail when radar sees hail at the address you gave us. Every alert has a link to stop them.`,
    before: (who: string, date: string) =>
      `${who} confirmed storm alerts on ${date}. There is nothing more to do. Every alert has a link to stop them.`,
  },
  stopped: {
    title: 'Storm alerts are stopped',
    text: (who: string, date: string) =>
      `${who} stopped storm alerts on ${date}, so none are sent to it. Nothing was changed.`,
  },
  lapsed: {
    title: 'This request has lapsed',
    text: `A request for storm alerts lapses when it is not confirmed within ${CONSENT_LAPSE_DAYS} days, and this one has. Nothing was changed. To get storm alerts, tick “${STORM_ALERTS_LABEL}” on a form of our website.`,
  },
  invalid: {
    title: 'This link is not valid',
    text: 'This link to confirm storm alerts is not one our website made, or it was cut short. Nothing was changed.',
  },
  refused: {
    title: 'Nothing was changed',
    text: 'The request did not come from the page of the link. Open the link in the e-mail again and press the button there.',
  },
  /** Who to ask otherwise: the business's e-mail and phone. */
  otherwise: (businessName: string, email: string, phone: string) =>
    `To ask about storm alerts another way, contact ${businessName} at ${email} or ${phone}.`,
}
