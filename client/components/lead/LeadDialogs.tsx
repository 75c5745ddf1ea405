/**
 * The contact modal 'Free Roof Inspection' and the exit-intent popup 'Free Hail Weather
 * Report', as native <dialog>s in every page's HTML (docs/forms.md):
 *
 * - The script layer opens and closes them (client/script-layer/lead-dialogs.ts, exit-intent.ts)
 *   and brings their form island to life when one opens, or when a visitor heads for an
 *   inspection button. Without a script, the inspection buttons open the contact modal with
 *   HTML invoker commands, the Close buttons are `<form method="dialog">`, and the forms post
 *   themselves.
 * - A refused plain form post comes back as this page with its dialog shown open, with the
 *   values and messages.
 * - On a page with a lead form of its own the dialogs carry no server-rendered form (the page
 *   already shows one set of the fields); the island renders it when the dialog opens, or, if
 *   its code cannot be loaded, the phone number and the contact page stand in.
 */
import { usePageContext } from 'vike-react/usePageContext'
import type { EnquiryFormState } from '../../../shared/enquiry-form-state'
import { FACTS } from '../../../shared/business'
import {
  CONTACT_DIALOG_ID,
  CONTACT_MODAL_TITLE,
  EXIT_INTENT_DIALOG_ID,
  EXIT_INTENT_NEXT_ATTRIBUTE,
  EXIT_INTENT_TITLE,
  ISLAND_FALLBACK_ATTRIBUTE,
  PAGE_LEAD_FORM_IDS,
  TO_PAGE_FORM_ID,
} from '../../dom-contract'
import { Island } from '../../islands/Island'
import { CloseIcon } from '../ui/icons'
import { ExitIntentPitch } from './ExitIntentPitch'
import { LoadFailedContent } from './LoadFailed'
import type { LeadFormName } from './form/lead-forms'

function LeadDialog({
  id,
  className,
  open,
  step,
  children,
}: {
  id: string
  className: string
  /** Shown open by the server: a refused post of its form. */
  open: boolean
  step?: '1' | '2'
  children: React.ReactNode
}) {
  return (
    <dialog
      id={id}
      className={`dialog lead-dialog ${className}`}
      aria-labelledby={`${id}-title`}
      closedby="any"
      open={open || undefined}
      data-step={step}
    >
      <form method="dialog" className="dialog-close-form">
        <button type="submit" className="dialog-close" aria-label="Close">
          <CloseIcon />
        </button>
      </form>
      <div className="lead-dialog-body">{children}</div>
    </dialog>
  )
}

/** A dialog's form: server-rendered unless the page has its own form, with a stand-in then. */
function DialogForm({
  form,
  dialogId,
  state,
}: {
  form: LeadFormName
  dialogId: string
  state?: EnquiryFormState
}) {
  const { urlPathname } = usePageContext()
  const ssr = !PAGE_LEAD_FORM_IDS[urlPathname] || state !== undefined
  return (
    <>
      <Island
        name="lead-form"
        id={`${dialogId}-island`}
        props={{ form, pagePath: urlPathname, served: state, labelledBy: `${dialogId}-title` }}
        ssr={ssr}
      />
      {ssr ? null : (
        <div hidden {...{ [ISLAND_FALLBACK_ATTRIBUTE]: '' }}>
          <LoadFailedContent />
        </div>
      )}
    </>
  )
}

export function LeadDialogs() {
  const { urlPathname, enquiryForm } = usePageContext()
  const pageFormId = PAGE_LEAD_FORM_IDS[urlPathname]
  const contactState = enquiryForm?.form === 'contact_modal' ? enquiryForm : undefined
  const exitState = enquiryForm?.form === 'exit_intent' ? enquiryForm : undefined
  return (
    <>
      {pageFormId ? <form id={TO_PAGE_FORM_ID} method="get" action={`#${pageFormId}`} hidden /> : null}
      <LeadDialog id={CONTACT_DIALOG_ID} className="contact-modal" open={!!contactState}>
        <header className="lead-dialog-header">
          <p className="eyebrow">No cost, no obligation</p>
          <h2 id={`${CONTACT_DIALOG_ID}-title`}>{CONTACT_MODAL_TITLE}</h2>
          <p className="lead-dialog-intro">
            {`Tell us where your home is and we'll inspect your roof within ${FACTS.inspectionWindow}, often the same day.`}
          </p>
        </header>
        <DialogForm form="contact_modal" dialogId={CONTACT_DIALOG_ID} state={contactState} />
      </LeadDialog>
      <LeadDialog
        id={EXIT_INTENT_DIALOG_ID}
        className="exit-intent"
        open={!!exitState}
        step={exitState ? '2' : '1'}
      >
        {/* Step 1 (the pitch) and step 2 (the form) share the title; data-step shows one (exit-intent.css). */}
        <img
          className="exit-intent-map exit-intent-step-1"
          src="/uploads/popup/hail-map.svg"
          alt="Map of the Denver metro area with recent hail storm paths"
          width="480"
          height="240"
          loading="lazy"
        />
        <div className="exit-intent-copy">
          <p className="eyebrow exit-intent-step-1">Before you go</p>
          <h2 id={`${EXIT_INTENT_DIALOG_ID}-title`}>{EXIT_INTENT_TITLE}</h2>
          <div className="exit-intent-step-1">
            <ExitIntentPitch />
            <button
              type="button"
              className="btn btn-primary btn-lg btn-block exit-intent-next"
              data-autofocus=""
              {...{ [EXIT_INTENT_NEXT_ATTRIBUTE]: '' }}
            >
              Find Out Instantly For Free
            </button>
          </div>
          <div className="exit-intent-step-2">
            <p className="lead-dialog-intro">Where should we send your report?</p>
            <DialogForm form="exit_intent" dialogId={EXIT_INTENT_DIALOG_ID} state={exitState} />
          </div>
        </div>
      </LeadDialog>
    </>
  )
}
