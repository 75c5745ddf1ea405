/**
 * Toasts without their weight (docs/decisions/010-islands.md): forms call notify(); the toast
 * library (react-toastify), React and the container are loaded only when the first toast is
 * needed, or ahead of it with preloadToasts() when a form island starts. Messages sent before
 * the container is ready wait in a queue. No static import of React here: the script layer
 * imports this module to show a toast carried over from the previous page.
 *
 * A toast that must outlive a navigation (the success toast of a form that goes on to
 * /schedule-inspection) is handed to the next page with notifyOnNextPage(); the script layer
 * there shows it (showCarriedToast).
 */
import { browserStorage, takeSessionJson } from '../lib/browser-storage'

export type ToastKind = 'success' | 'error'
export interface ToastMessage {
  kind: ToastKind
  message: string
}

/** At most 3 toasts visible; each closes by itself after 4000 ms. */
export const TOAST_LIMIT = 3
export const TOAST_AUTO_CLOSE_MS = 4000

/** sessionStorage key of a toast for the next page. */
const NEXT_PAGE_TOAST_KEY = 'toastForNextPage'

let sink: ((t: ToastMessage) => void) | null = null
let loading: Promise<void> | undefined
const queue: ToastMessage[] = []

function deliver(t: ToastMessage): void {
  if (sink) sink(t)
  else queue.push(t)
}

/** Called by the container once it is mounted; delivers anything queued. */
export function attachToastSink(show: (t: ToastMessage) => void): void {
  sink = show
  for (const t of queue.splice(0)) show(t)
}

/** Mounts the container now, so the first toast shows without a load delay (idempotent). */
export function preloadToasts(): Promise<void> {
  loading ??= import('./ToastArea').then(
    (m) => m.mountToastArea(),
    (err: unknown) => {
      // The library could not be loaded: the messages still show, in a plain box.
      console.error('The toasts could not be loaded', err)
      attachToastSink(showPlainToast)
    },
  )
  return loading
}

export function notify(kind: ToastKind, message: string): void {
  deliver({ kind, message })
  void preloadToasts()
}

/** Shows `message` as a toast on the next page this tab opens (the page about to be navigated to). */
export function notifyOnNextPage(kind: ToastKind, message: string): void {
  try {
    browserStorage('sessionStorage')?.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify({ kind, message }))
  } catch {
    // Storage refused (private mode): the page itself says the request was submitted.
  }
}

/** The toast the previous page left for this one, if any; it is shown once. */
export function takeCarriedToast(): ToastMessage | null {
  const t = takeSessionJson(NEXT_PAGE_TOAST_KEY) as Partial<ToastMessage> | null | undefined
  if ((t?.kind === 'success' || t?.kind === 'error') && typeof t.message === 'string') {
    return { kind: t.kind, message: t.message }
  }
  return null
}

/** The plain box used when the toast library cannot be loaded: the last three messages. */
function showPlainToast({ kind, message }: ToastMessage): void {
  let box = document.querySelector<HTMLElement>('.plain-toasts')
  if (!box) {
    box = document.createElement('div')
    box.className = 'plain-toasts'
    box.setAttribute('role', 'alert')
    const dismiss = document.createElement('button')
    dismiss.type = 'button'
    dismiss.className = 'btn btn-secondary btn-sm'
    dismiss.textContent = 'Dismiss'
    dismiss.addEventListener('click', () => box?.remove())
    box.append(dismiss)
    document.body.append(box)
  }
  const line = document.createElement('p')
  line.className = `plain-toast plain-toast-${kind}`
  line.textContent = message
  box.insertBefore(line, box.lastElementChild)
  const lines = box.querySelectorAll('.plain-toast')
  if (lines.length > TOAST_LIMIT) lines[0]?.remove()
}
