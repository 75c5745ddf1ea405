/**
 * What we promise a homeowner, as check-marked lines: the free inspection first, then the lines
 * the page adds as `<li>` children (the home page's owner section, the hail damage guide). The
 * lines keep their text and numbers as separate JSX pieces, so the HTML is what each page had.
 */
import { FACTS } from '../../../shared/business'
import { CheckIcon } from '../ui/icons'

export function PromiseList({ children }: { children: React.ReactNode }) {
  return (
    <ul className="check-list">
      <li>
        <CheckIcon /> Free inspection within {FACTS.inspectionWindow}, often the same day
      </li>
      {children}
    </ul>
  )
}
