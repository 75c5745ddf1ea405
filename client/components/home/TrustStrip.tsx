/** The strip under the home hero: the rating and three promises. */
import { FACTS, RATING } from '../../../shared/business'
import { Stars } from '../content/Stars'
import { CheckIcon } from '../ui/icons'

export function TrustStrip() {
  return (
    <section className="trust-strip" aria-label="Why homeowners trust us">
      <ul className="container trust-strip-list">
        <li>
          <Stars rating={5} size={16} />
          <span>
            <strong>{RATING.value}</strong> from {RATING.count} reviews
          </span>
        </li>
        <li>
          <CheckIcon /> Inspections in {FACTS.inspectionWindow}
        </li>
        <li>
          <CheckIcon /> Emergency tarp within {FACTS.emergencyTarpHours} hours
        </li>
        <li>
          <CheckIcon /> You pay just your deductible
        </li>
      </ul>
    </section>
  )
}
