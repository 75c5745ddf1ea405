import { usePageContext } from 'vike-react/usePageContext'
import { OPENS_STATIC_CONTACT_DIALOG, PAGE_LEAD_FORM_IDS, TO_PAGE_FORM_ID } from '../dialogs/dialog-ids'
import { preloadContactModal, useContactModal } from './ContactModalProvider'

/**
 * The props of every button that opens the contact modal: with the script, a click opens
 * the app's modal (and cancels the browser's own command); pointer, touch and focus start
 * loading it; without the script, the invoker command opens the plain-HTML modal, or, on a
 * page with its own lead form (which has no plain-HTML dialogs), the button submits an empty
 * form that leads to that page's form.
 */
export function useInspectionButtonProps() {
  const { openContactModal } = useContactModal()
  const { urlPathname } = usePageContext()
  const withoutScript = PAGE_LEAD_FORM_IDS[urlPathname]
    ? ({ type: 'submit', form: TO_PAGE_FORM_ID } as const)
    : OPENS_STATIC_CONTACT_DIALOG
  return {
    ...withoutScript,
    'aria-haspopup': 'dialog',
    onClick: (event: React.MouseEvent) => {
      event.preventDefault()
      openContactModal()
    },
    onPointerEnter: preloadContactModal,
    onFocus: preloadContactModal,
    onTouchStart: preloadContactModal,
  } as const
}

/** A button that opens the free roof inspection modal. */
export function InspectionButton({
  children = 'Get Your Free Roof Inspection',
  className = 'btn btn-primary',
}: {
  children?: React.ReactNode
  className?: string
}) {
  return (
    <button type="button" className={className} {...useInspectionButtonProps()}>
      {children}
    </button>
  )
}
