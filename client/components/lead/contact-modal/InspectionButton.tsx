import { OPENS_STATIC_CONTACT_DIALOG } from '../dialogs/dialog-ids'
import { preloadContactModal, useContactModal } from './ContactModalProvider'

/**
 * The props of every button that opens the contact modal: with the script, a click opens
 * the app's modal (and cancels the browser's own command); pointer, touch and focus start
 * loading it; without the script, the invoker command opens the plain-HTML modal.
 */
export function useInspectionButtonProps() {
  const { openContactModal } = useContactModal()
  return {
    ...OPENS_STATIC_CONTACT_DIALOG,
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
