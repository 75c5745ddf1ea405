/**
 * The contact modal is openable and closable from anywhere. Any button calls
 * useLeadDialogs().openContactModal(); the modal's code (form, validation, toasts) is
 * loaded only when it is likely to be used: a pointer or finger heading for an inspection
 * button, or keyboard focus on one, starts the download, so it is usually there by the
 * click. If it cannot be loaded, the dialog offers the phone number and the contact page.
 *
 * Without JavaScript the same buttons open the plain-HTML copy of the modal with HTML
 * invoker commands (StaticLeadDialogs; docs/forms.md).
 */
import { createContext, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react'
import { lazyPart, PartBoundary } from './lazy-part'
import { CONTACT_MODAL_TITLE, OPENS_STATIC_CONTACT_DIALOG } from './lead-dialog-ids'
import { LoadFailedDialog } from './LoadFailed'
import { preloadToasts } from './toasts'

interface LeadDialogsValue {
  isContactModalOpen: boolean
  openContactModal: () => void
  closeContactModal: () => void
}

const LeadDialogsContext = createContext<LeadDialogsValue | null>(null)

const contactModal = lazyPart(() => import('./ContactModal'))
/** Starts loading the contact modal's code, and the toasts' its form asks for (idempotent). */
export function preloadContactModal(): void {
  contactModal.preload()
  preloadToasts()
}

export function LeadDialogsProvider({ children }: { children: React.ReactNode }) {
  const [isContactModalOpen, setOpen] = useState(false)
  // Counts openings: a modal that failed to load tries again the next time it is opened.
  const [opened, setOpened] = useState(0)
  // Focus goes back to whatever opened the dialog (WAI-ARIA dialog pattern).
  const openerRef = useRef<HTMLElement | null>(null)

  const openContactModal = useCallback(() => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    contactModal.retry()
    setOpened((n) => n + 1)
    setOpen(true)
  }, [])
  const closeContactModal = useCallback(() => {
    setOpen(false)
    const opener = openerRef.current
    openerRef.current = null
    if (opener?.isConnected) requestAnimationFrame(() => opener.focus())
  }, [])

  const value = useMemo(
    () => ({ isContactModalOpen, openContactModal, closeContactModal }),
    [isContactModalOpen, openContactModal, closeContactModal],
  )

  return (
    <LeadDialogsContext.Provider value={value}>
      {children}
      {opened > 0 ? (
        <PartBoundary
          key={opened}
          name="contact modal"
          fallback={
            <LoadFailedDialog
              title={CONTACT_MODAL_TITLE}
              open={isContactModalOpen}
              onClose={closeContactModal}
            />
          }
        >
          <Suspense fallback={null}>
            <contactModal.Render open={isContactModalOpen} onClose={closeContactModal} />
          </Suspense>
        </PartBoundary>
      ) : null}
    </LeadDialogsContext.Provider>
  )
}

export function useLeadDialogs(): LeadDialogsValue {
  const value = useContext(LeadDialogsContext)
  if (!value) throw new Error('useLeadDialogs must be used inside <LeadDialogsProvider>')
  return value
}

/**
 * The props of every button that opens the contact modal: with the script, a click opens
 * the app's modal (and cancels the browser's own command); pointer, touch and focus start
 * loading it; without the script, the invoker command opens the plain-HTML modal.
 */
export function useInspectionButtonProps() {
  const { openContactModal } = useLeadDialogs()
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
