/**
 * The contact modal is openable and closable from anywhere: any button calls
 * useContactModal().openContactModal() (InspectionButton does). The modal's code (form,
 * validation, toasts) is loaded only when it is likely to be used: a pointer or finger heading
 * for an inspection button, or keyboard focus on one, starts the download, so it is usually
 * there by the click. If it cannot be loaded, the dialog offers the phone number and the
 * contact page.
 *
 * Without JavaScript the same buttons open the plain-HTML copy of the modal with HTML invoker
 * commands (StaticLeadDialogs; docs/forms.md).
 */
import { createContext, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react'
import { lazyPart, PartBoundary } from '../../app/lazy-part'
import { preloadToasts } from '../../toasts/toasts'
import { CONTACT_MODAL_TITLE } from '../dialogs/dialog-ids'
import { LoadFailedDialog } from '../LoadFailed'

interface ContactModalApi {
  /** Opens the modal; focus returns to the element that had it when the modal closes. */
  openContactModal: () => void
}

const ContactModalContext = createContext<ContactModalApi | null>(null)

const contactModal = lazyPart(() => import('./ContactModal'))
/** Starts loading the contact modal's code, and the toasts' its form asks for (idempotent). */
export function preloadContactModal(): void {
  contactModal.preload()
  preloadToasts()
}

export function ContactModalProvider({ children }: { children: React.ReactNode }) {
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

  const value = useMemo(() => ({ openContactModal }), [openContactModal])

  return (
    <ContactModalContext.Provider value={value}>
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
    </ContactModalContext.Provider>
  )
}

export function useContactModal(): ContactModalApi {
  const value = useContext(ContactModalContext)
  if (!value) throw new Error('useContactModal must be used inside <ContactModalProvider>')
  return value
}
