/**
 * The <dialog> shell of every lead dialog (the contact modal, the exit-intent popup, and
 * what they show when their code could not be loaded): showModal() moves focus in and makes
 * the page behind inert; Escape closes it (the 'close' event keeps React state in
 * sync); the page behind does not scroll; a visible Close button; the title is an h2 that
 * labels the dialog. Its content is mounted only while open, so a closed dialog leaves no
 * duplicate form fields in the page.
 */
import { useEffect, useRef } from 'react'
import { useScrollLock } from '../../../hooks/use-scroll-lock'
import { CloseIcon } from '../../ui/icons'

export function LeadDialog({
  open,
  onClose,
  titleId,
  className = '',
  children,
}: {
  open: boolean
  onClose: () => void
  /** id of the h2 inside children. */
  titleId: string
  className?: string
  children: React.ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      // The first field (or the step's main button) rather than the Close button.
      dialog.querySelector<HTMLElement>('[data-autofocus], input:not([tabindex="-1"])')?.focus()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])

  // The lock is shared with the mobile menu and counted, so neither lets the page scroll under the other.
  useScrollLock(open)

  // Closing unmounted or navigated away: never leave a modal dialog open behind.
  useEffect(() => () => ref.current?.close(), [])

  return (
    <dialog
      ref={ref}
      className={`dialog lead-dialog ${className}`.trim()}
      aria-labelledby={titleId}
      onClose={() => {
        if (open) onClose()
      }}
    >
      {open ? (
        <>
          {/* Outside the scrolling body, so it stays in view however far the form scrolls. */}
          <button type="button" className="dialog-close" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
          <div className="lead-dialog-body">{children}</div>
        </>
      ) : null}
    </dialog>
  )
}
