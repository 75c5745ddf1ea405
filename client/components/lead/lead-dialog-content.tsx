/**
 * What the two lead dialogs say above their forms, shared by the dialogs the app opens
 * (ContactModal, ExitIntentPopup) and their script-free copies in the server HTML
 * (StaticLeadDialogs), so both say the same. Ids of the script-free copies, which the
 * inspection buttons name with `commandfor`, live here too.
 */
import { FACTS } from '../../../shared/business'

/** The attribute of the script-free dialogs' container; the layout finds them by it. */
export const STATIC_DIALOGS_ATTRIBUTE = 'data-static-dialogs'
/** The script-free contact modal in the server HTML. */
export const STATIC_CONTACT_DIALOG_ID = 'free-inspection'
/** The script-free exit-intent form in the server HTML. */
export const STATIC_EXIT_INTENT_DIALOG_ID = 'hail-weather-report'

export const CONTACT_MODAL_TITLE = 'Free Roof Inspection'
export const EXIT_INTENT_TITLE = 'Free Hail Weather Report'

/**
 * The invoker attributes of a button that opens the contact modal: without a script the
 * browser itself opens the dialog in the server HTML; with one, the click handler cancels
 * that and opens the app's dialog.
 */
export const OPENS_STATIC_CONTACT_DIALOG = {
  commandfor: STATIC_CONTACT_DIALOG_ID,
  command: 'show-modal',
} as const

export function ContactModalHeader({ titleId }: { titleId: string }) {
  return (
    <header className="lead-dialog-header">
      <p className="eyebrow">No cost, no obligation</p>
      <h2 id={titleId}>{CONTACT_MODAL_TITLE}</h2>
      <p className="lead-dialog-intro">
        Tell us where your home is and we&apos;ll inspect your roof within 24-48 hours, often the same day.
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
