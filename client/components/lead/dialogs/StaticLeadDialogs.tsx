/**
 * The contact modal and the exit-intent form as plain HTML, appended to every page after
 * the app's root (client/pages/+bodyHtmlEnd.tsx), so a visitor without JavaScript, or whose
 * scripts failed to load, can still open them and send them:
 *
 * - Native <dialog>s. The inspection buttons open the contact modal with HTML invoker
 *   commands (`commandfor` + `command="show-modal"`), the browser's own behaviour; the
 *   close buttons are `<form method="dialog">`, which close a dialog without a script.
 * - Their forms post to the API as browser forms (StaticEnquiryForm). A refused post comes
 *   back as this page with the dialog already open, showing the values and messages.
 * - React never renders or hydrates them. Once the app is interactive it removes the
 *   closed ones (client/pages/+Layout.tsx) and opens its own dialogs instead.
 *
 * Rendered to static markup on the server only.
 */
import type { EnquiryFormState } from '../../../../shared/enquiry-form-state'
import { CloseIcon } from '../../ui/icons'
import { StaticEnquiryForm } from '../form/StaticEnquiryForm'
import { ContactModalHeader } from '../contact-modal/ContactModalHeader'
import { ExitIntentPitch } from '../exit-intent/ExitIntentPitch'
import {
  EXIT_INTENT_TITLE,
  STATIC_CONTACT_DIALOG_ID,
  STATIC_DIALOGS_ATTRIBUTE,
  STATIC_EXIT_INTENT_DIALOG_ID,
} from './dialog-ids'

function StaticDialog({
  id,
  className,
  open,
  children,
}: {
  id: string
  className: string
  open: boolean
  children: React.ReactNode
}) {
  return (
    <dialog
      id={id}
      className={`dialog lead-dialog static-dialog ${className}`}
      aria-labelledby={`${id}-title`}
      closedby="any"
      open={open || undefined}
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

export function StaticLeadDialogs({
  pagePath,
  state,
}: {
  /** The page these are part of; sent with the form. */
  pagePath: string
  /** A refused form post of one of these two forms: that dialog is rendered open with it. */
  state?: EnquiryFormState
}) {
  const contactState = state?.formType === 'contact_modal' ? state : undefined
  const exitState = state?.formType === 'exit_intent' ? state : undefined
  return (
    <div {...{ [STATIC_DIALOGS_ATTRIBUTE]: '' }}>
      <StaticDialog id={STATIC_CONTACT_DIALOG_ID} className="contact-modal" open={!!contactState}>
        <ContactModalHeader titleId={`${STATIC_CONTACT_DIALOG_ID}-title`} />
        <StaticEnquiryForm
          formId={STATIC_CONTACT_DIALOG_ID}
          form="contact_modal"
          sourcePath={pagePath}
          withMessage
          submitLabel="Request My Free Inspection"
          state={contactState}
        />
      </StaticDialog>
      <StaticDialog id={STATIC_EXIT_INTENT_DIALOG_ID} className="exit-intent-static" open={!!exitState}>
        <header className="lead-dialog-header">
          <p className="eyebrow">Free report</p>
          <h2 id={`${STATIC_EXIT_INTENT_DIALOG_ID}-title`}>{EXIT_INTENT_TITLE}</h2>
          <div className="lead-dialog-intro">
            <ExitIntentPitch />
          </div>
        </header>
        <StaticEnquiryForm
          formId={STATIC_EXIT_INTENT_DIALOG_ID}
          form="exit_intent"
          sourcePath={pagePath}
          withMessage={false}
          submitLabel="Get My Free Report"
          state={exitState}
        />
      </StaticDialog>
    </div>
  )
}
