/**
 * The contact modal is openable and closable from anywhere (spec section 2). Any button
 * calls useLeadDialogs().openContactModal(); the modal's code (form, validation, toasts)
 * is loaded only when it is first opened, so content pages stay light (issue 7).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState } from 'react'

interface LeadDialogsValue {
  isContactModalOpen: boolean
  openContactModal: () => void
  closeContactModal: () => void
}

const LeadDialogsContext = createContext<LeadDialogsValue | null>(null)

const ContactModal = lazy(() => import('./ContactModal'))

export function LeadDialogsProvider({ children }: { children: React.ReactNode }) {
  const [isContactModalOpen, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  // Focus goes back to whatever opened the dialog (WAI-ARIA dialog pattern).
  const openerRef = useRef<HTMLElement | null>(null)

  const openContactModal = useCallback(() => {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    setLoaded(true)
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
      {loaded ? (
        <Suspense fallback={null}>
          <ContactModal open={isContactModalOpen} onClose={closeContactModal} />
        </Suspense>
      ) : null}
    </LeadDialogsContext.Provider>
  )
}

export function useLeadDialogs(): LeadDialogsValue {
  const value = useContext(LeadDialogsContext)
  if (!value) throw new Error('useLeadDialogs must be used inside <LeadDialogsProvider>')
  return value
}

/** A button that opens the free roof inspection modal. */
export function InspectionButton({
  children = 'Get Your Free Roof Inspection',
  className = 'btn btn-primary',
}: {
  children?: React.ReactNode
  className?: string
}) {
  const { openContactModal } = useLeadDialogs()
  return (
    <button type="button" className={className} onClick={openContactModal} aria-haspopup="dialog">
      {children}
    </button>
  )
}
