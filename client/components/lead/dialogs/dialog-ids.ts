/**
 * The names every page's script needs for the lead dialogs, kept apart from their content
 * (ContactModalHeader, ExitIntentPitch, loaded with the dialogs): the dialogs' titles, and the ids of
 * their plain-HTML copies in the server HTML (StaticLeadDialogs), which the inspection
 * buttons name with `commandfor`.
 */

/** The attribute of the plain-HTML dialogs' container; the layout finds them by it. */
export const STATIC_DIALOGS_ATTRIBUTE = 'data-static-dialogs'
/** The plain-HTML contact modal. */
export const STATIC_CONTACT_DIALOG_ID = 'free-inspection'
/** The plain-HTML exit-intent form. */
export const STATIC_EXIT_INTENT_DIALOG_ID = 'hail-weather-report'

export const CONTACT_MODAL_TITLE = 'Free Roof Inspection'
export const EXIT_INTENT_TITLE = 'Free Hail Weather Report'

/**
 * The invoker attributes of a button that opens the contact modal: without a script the
 * browser itself opens the plain-HTML dialog; with one, the click handler cancels that and
 * opens the app's dialog.
 */
export const OPENS_STATIC_CONTACT_DIALOG = {
  commandfor: STATIC_CONTACT_DIALOG_ID,
  command: 'show-modal',
} as const
