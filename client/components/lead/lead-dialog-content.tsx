/**
 * What the two lead dialogs say above their forms, shared by the dialogs the app opens
 * (ContactModal, ExitIntentPopup) and their plain-HTML copies in the server HTML
 * (StaticLeadDialogs), so both say the same.
 */
import { FACTS } from '../../../shared/business'
import { CONTACT_MODAL_TITLE } from './lead-dialog-ids'

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

/** Step 1's pitch. */
export function ExitIntentPitch() {
  return (
    <p>
      Was your roof hit? See every hail storm at your address over the past {FACTS.stormHistoryYears} years,
      with NOAA hail sizes and dates your insurer accepts. Free, no credit card.
    </p>
  )
}
