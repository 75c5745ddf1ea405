import { FACTS } from '../../../shared/business'

/**
 * What the exit-intent popup offers, above its button (step 1) or its form; the same words in
 * the popup in every page (LeadDialogs).
 */
export function ExitIntentPitch() {
  return (
    <p>
      Was your roof hit? See every hail storm at your address over the past {FACTS.stormHistoryYears} years,
      with NOAA hail sizes and dates your insurer accepts. Free, no credit card.
    </p>
  )
}
