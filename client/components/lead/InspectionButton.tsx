/**
 * A button that opens the free roof inspection modal. The script layer opens it
 * (client/script-layer/lead-dialogs.ts, found by CONTACT_OPENER_ATTRIBUTE); without a script
 * the HTML invoker command opens the same <dialog>, or, on a page with a lead form of its own
 * (whose dialog carries no server-rendered form), the button submits an empty form that leads
 * to the page's form.
 */
import { usePageContext } from 'vike-react/usePageContext'
import {
  CONTACT_DIALOG_ID,
  CONTACT_OPENER_ATTRIBUTE,
  PAGE_LEAD_FORM_IDS,
  TO_PAGE_FORM_ID,
} from '../../dom-contract'

export function InspectionButton({
  children = 'Get Your Free Roof Inspection',
  className = 'btn btn-primary',
}: {
  children?: React.ReactNode
  className?: string
}) {
  const { urlPathname } = usePageContext()
  const withoutScript = PAGE_LEAD_FORM_IDS[urlPathname]
    ? ({ type: 'submit', form: TO_PAGE_FORM_ID } as const)
    : ({ type: 'button', commandfor: CONTACT_DIALOG_ID, command: 'show-modal' } as const)
  return (
    <button
      className={className}
      aria-haspopup="dialog"
      {...{ [CONTACT_OPENER_ATTRIBUTE]: '' }}
      {...withoutScript}
    >
      {children}
    </button>
  )
}
