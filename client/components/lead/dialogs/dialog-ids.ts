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

/**
 * The pages with a lead form of their own (by path) and the id of that form's box. They carry
 * no plain-HTML dialogs: a page that already shows the form's fields gains nothing from two
 * more hidden sets of the same labelled fields. Without a script, their inspection buttons
 * take the visitor to the page's own form instead (TO_PAGE_FORM_ID).
 */
export const CONTACT_PAGE_FORM_ID = 'contact-form'
export const HAIL_REPORT_FORM_ID = 'hail-report-form'
export const PAGE_LEAD_FORM_IDS: Readonly<Record<string, string>> = {
  '/contact': CONTACT_PAGE_FORM_ID,
  '/hail-report': HAIL_REPORT_FORM_ID,
}
/** An empty GET form whose action is the page's own form: what a submit button "opens" without a script. */
export const TO_PAGE_FORM_ID = 'to-page-form'
