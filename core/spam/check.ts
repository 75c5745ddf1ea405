/**
 * The spam check of one valid enquiry (docs/spam.md), the verdict the web process stores with
 * its lead: gathers what needs the database or a trained model, then scores it with the pure
 * rules (rules.ts).
 *
 * - The form token: its signature and age (form-token.ts), then its record, used here once and
 *   for all (form-token-store.ts): a token another enquiry used, or one no page asked for,
 *   is evidence.
 * - Where the address lies, from its ZIP code or state (service-area.ts).
 * - The text classifier's probability that the names and message are a sales pitch
 *   (classifier.ts), trained on the starter corpus and what the office labelled.
 *
 * When the lead then cannot be stored, `giveBack` returns the token unused, so the person's
 * next try with the same form does not count as a second use.
 */
import type { Db } from '../platform/db/connection'
import type { SpamCheck } from '../leads'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, type Enquiry } from '../../shared/enquiry'
import { createSpamClassifier } from './classifier'
import type { TokenState } from './evidence'
import { checkFormToken } from './form-token'
import { formTokenSecret, releaseFormToken, useFormToken } from './form-token-store'
import { isSpam, scoreEnquiry } from './rules'
import { checkServiceArea } from './service-area'

export interface CheckedEnquiry {
  spam: SpamCheck
  /** Returns the enquiry's token unused (the lead was not stored). */
  giveBack(): void
}

export type SpamChecker = (enquiry: Enquiry, now: Date) => CheckedEnquiry

export function createSpamChecker(db: Db, threshold: number): SpamChecker {
  const secret = formTokenSecret(db)
  const classifier = createSpamClassifier(db)
  return (enquiry, now) => {
    const signed = checkFormToken(secret, enquiry[FORM_TOKEN_FIELD], now)
    let token: TokenState
    let giveBack = () => {}
    if (signed.state === 'signed') {
      const { use, fromPage } = useFormToken(db, signed.id, now)
      token = { state: 'valid', elapsedMs: signed.elapsedMs, use, fromPage }
      if (use === 'first')
        giveBack = () => {
          // The database failed to store the lead, and may fail this too: the next try then
          // counts as a second use (3 points), which alone holds nobody.
          try {
            releaseFormToken(db, signed.id)
          } catch {
            /* nothing more to do */
          }
        }
    } else token = signed
    const verdict = scoreEnquiry({
      fields: enquiry,
      honeypot: enquiry[HONEYPOT_FIELD],
      token,
      area: checkServiceArea(enquiry.address),
      spamProbability: classifier.spamProbability(enquiry),
    })
    return { spam: { ...verdict, quarantine: isSpam(verdict, threshold) }, giveBack }
  }
}
