import { FACTS } from '../../../../shared/business'
import { CONTACT_MODAL_TITLE } from '../dialogs/dialog-ids'

/**
 * What the contact modal says above its form; the same words in the app's modal and in its
 * plain-HTML copy (StaticLeadDialogs).
 */
export function ContactModalHeader({ titleId }: { titleId: string }) {
  return (
    <header className="lead-dialog-header">
      <p className="eyebrow">No cost, no obligation</p>
      <h2 id={titleId}>{CONTACT_MODAL_TITLE}</h2>
      <p className="lead-dialog-intro">
        {`Tell us where your home is and we'll inspect your roof within ${FACTS.inspectionWindow}, often the same day.`}
      </p>
    </header>
  )
}
