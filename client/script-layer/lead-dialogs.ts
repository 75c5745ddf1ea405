/**
 * The lead dialogs (client/components/lead/LeadDialogs.tsx): opening one as a modal (focus in,
 * the page behind inert and not scrolling), closing it (Escape, the Close button, a click
 * outside, or its form sent), and focus back to what opened it (WAI-ARIA dialog pattern).
 * Opening a dialog starts its form island. The inspection buttons open the contact modal; a
 * pointer, finger or keyboard heading for one starts its form before the click.
 */
import { CONTACT_DIALOG_ID, CONTACT_OPENER_ATTRIBUTE, LEAD_SENT_EVENT } from '../dom-contract'
import { prepareIslandIn } from './islands'
import { acquireScrollLock } from './scroll-lock'

const openers = new WeakMap<HTMLDialogElement, HTMLElement>()

/** The element to give focus in an opened dialog: a marked one, else its first visible field. */
function firstFocusOf(dialog: HTMLDialogElement): HTMLElement | null {
  const candidates = dialog.querySelectorAll<HTMLElement>(
    '.error-summary, [data-autofocus], input:not([type="hidden"]):not([tabindex="-1"])',
  )
  return Array.from(candidates).find((el) => el.getClientRects().length > 0) ?? null
}

/** Opens `dialog` as a modal; focus returns to the element that had it when it closes. */
export function openLeadDialog(dialog: HTMLDialogElement): void {
  if (dialog.open) return
  if (document.activeElement instanceof HTMLElement) openers.set(dialog, document.activeElement)
  dialog.showModal()
  firstFocusOf(dialog)?.focus()
  const release = acquireScrollLock()
  dialog.addEventListener('close', release, { once: true })
  prepareIslandIn(dialog)
}

/** Moves focus into the dialog's first field (after a step change, say). */
export function focusFirstField(dialog: HTMLDialogElement): void {
  firstFocusOf(dialog)?.focus()
}

function startDialog(dialog: HTMLDialogElement): void {
  dialog.addEventListener('close', () => {
    const opener = openers.get(dialog)
    openers.delete(dialog)
    if (opener?.isConnected) requestAnimationFrame(() => opener.focus())
  })
  // Its form was sent: it has done its job.
  dialog.addEventListener(LEAD_SENT_EVENT, () => dialog.close())
  // Shown open by the server (a refused post of its form): a modal from now on, like any other.
  if (dialog.open && !dialog.matches(':modal')) {
    dialog.removeAttribute('open')
    openLeadDialog(dialog)
  }
}

export function startLeadDialogs(): void {
  for (const dialog of document.querySelectorAll<HTMLDialogElement>('dialog.lead-dialog')) startDialog(dialog)
  const contact = document.getElementById(CONTACT_DIALOG_ID) as HTMLDialogElement | null
  if (!contact) return
  const openerOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest(`[${CONTACT_OPENER_ATTRIBUTE}]`) : null
  document.addEventListener('click', (event) => {
    if (!openerOf(event.target)) return
    // Instead of the browser's own command (or, on a page with its own form, going to it).
    event.preventDefault()
    openLeadDialog(contact)
  })
  const prepare = (event: Event) => {
    if (openerOf(event.target)) prepareIslandIn(contact)
  }
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, prepare, { passive: true })
  }
}
