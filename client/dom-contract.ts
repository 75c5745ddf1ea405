/**
 * What the server HTML and the script layer (client/script-layer/) agree on: the ids and
 * data attributes by which the script finds the parts it makes work. Rendered by React on the
 * server, read by plain DOM code in the browser; a name changed here changes on both sides.
 */

/** The contact modal's <dialog>; the inspection buttons name it with `commandfor` (no script needed). */
export const CONTACT_DIALOG_ID = 'free-inspection'
/** The exit-intent popup's <dialog>. */
export const EXIT_INTENT_DIALOG_ID = 'hail-weather-report'

export const CONTACT_MODAL_TITLE = 'Free Roof Inspection'
export const EXIT_INTENT_TITLE = 'Free Hail Weather Report'

/** On every button that opens the contact modal. */
export const CONTACT_OPENER_ATTRIBUTE = 'data-opens-contact-modal'
/** On the exit-intent popup's 'Find Out Instantly For Free' button, which shows step 2. */
export const EXIT_INTENT_NEXT_ATTRIBUTE = 'data-exit-intent-next'
/** The exit-intent popup's current step ('1' or '2'), on its <dialog>. */
export const EXIT_INTENT_STEP_ATTRIBUTE = 'data-step'

/**
 * The pages with a lead form of their own (by path) and the id of that form's box. Their
 * dialogs carry no server-rendered form (a page that shows the form's fields gains nothing
 * from two more hidden sets of the same labelled fields): the island renders it when the
 * dialog opens. Without a script, their inspection buttons lead to the page's own form instead
 * (TO_PAGE_FORM_ID).
 */
export const CONTACT_PAGE_FORM_ID = 'contact-form'
export const HAIL_REPORT_FORM_ID = 'hail-report-form'
export const PAGE_LEAD_FORM_IDS: Readonly<Record<string, string>> = {
  '/contact': CONTACT_PAGE_FORM_ID,
  '/hail-report': HAIL_REPORT_FORM_ID,
}
/** An empty GET form whose action is the page's own form: what a submit button "opens" without a script. */
export const TO_PAGE_FORM_ID = 'to-page-form'

/** An island's container: its name, its props (JSON) and, once it runs, its state. */
export const ISLAND_ATTRIBUTE = 'data-island'
export const ISLAND_PROPS_ATTRIBUTE = 'data-island-props'
/** 'loading', 'ready' (hydrated or rendered, its handlers attached) or 'failed'. */
export const ISLAND_STATE_ATTRIBUTE = 'data-island-state'
/** What stands in for an island that has no server HTML, if its code cannot be loaded. */
export const ISLAND_FALLBACK_ATTRIBUTE = 'data-island-fallback'

/** Dispatched (bubbling) by a lead form island on the element of the form it sent. */
export const LEAD_SENT_EVENT = 'lead-sent'

/** /schedule-inspection's region where a hail report's summary shows (client/script-layer/hail-summary.ts). */
export const HAIL_SUMMARY_REGION = 'data-hail-summary'
