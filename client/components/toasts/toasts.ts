/**
 * Toasts without their weight (docs/decisions/005-performance-budgets.md): forms call
 * notify(); the toast library, its container and its CSS are loaded only when the first toast
 * is needed (or a form asks for them ahead with preloadToasts()). Messages sent before the
 * container is ready wait in a queue. The container lives in the layout, so a toast survives
 * client navigation.
 */
import { useSyncExternalStore } from 'react'

export type ToastKind = 'success' | 'error'
export interface ToastMessage {
  kind: ToastKind
  message: string
}

/** At most 3 toasts visible; each closes by itself after 4000 ms. */
export const TOAST_LIMIT = 3
export const TOAST_AUTO_CLOSE_MS = 4000

let wanted = false
let sink: ((t: ToastMessage) => void) | null = null
const queue: ToastMessage[] = []
const listeners = new Set<() => void>()

function want(): void {
  if (wanted) return
  wanted = true
  for (const l of listeners) l()
}

export function notify(kind: ToastKind, message: string): void {
  if (sink) sink({ kind, message })
  else {
    queue.push({ kind, message })
    want()
  }
}

/** Mounts the container now so the first toast shows without a load delay. */
export function preloadToasts(): void {
  want()
}

/** Called by the container once it is mounted; delivers anything queued. */
export function attachToastSink(deliver: (t: ToastMessage) => void): () => void {
  sink = deliver
  for (const t of queue.splice(0)) deliver(t)
  return () => {
    if (sink === deliver) sink = null
  }
}

export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => wanted,
    () => false,
  )
}
