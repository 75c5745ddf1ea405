/**
 * Exit-intent state and triggers (docs/forms.md). Tiny on purpose: it is in every
 * page's bundle, while the popup itself is loaded on first open.
 *
 * Triggers: pointer within 10 px of the top, pointer leaving the page (mouseout with no
 * relatedTarget), tab hidden, beforeunload, scrolling back to the top after more than
 * 100 px of scrolling. It opens at most once per page view; the trigger re-arms when the
 * pointer re-enters the page. A guarded open respects the 24-hour rule; a forced one does not.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { browserStorage } from '../../../lib/browser-storage'
import { hasJustSentLead } from '../lead-session'
import {
  canShowExitIntent,
  EXIT_INTENT_MIN_SCROLL_PX,
  EXIT_INTENT_TOP_THRESHOLD_PX,
  recordExitIntentShown,
  resetExitIntentShown,
} from './exit-intent-rules'

export interface ExitIntentApi {
  isOpen: boolean
  /** How many times it has opened in this page's life (0: never, so nothing to load yet). */
  openCount: number
  /** Guarded unless force is true. Returns whether it opened. */
  open: (options?: { force?: boolean }) => boolean
  /** Closes and stores the time under exitIntentShown. */
  close: () => void
  /** Removes the stored time so a guarded open works again. */
  reset: () => void
}

declare global {
  interface Window {
    /** Support hook: lets a visitor (or support staff) see the popup again. */
    exitIntent?: Pick<ExitIntentApi, 'open' | 'reset'>
  }
}

export function useExitIntent(pathname: string, options?: { onOpen?: () => void }): ExitIntentApi {
  const [isOpen, setIsOpen] = useState(false)
  const [openCount, setOpenCount] = useState(0)
  const onOpen = options?.onOpen
  const isOpenRef = useRef(false)
  const triggered = useRef(false)

  const open = useCallback(
    (options?: { force?: boolean }) => {
      if (isOpenRef.current) return true
      if (!options?.force) {
        // Someone who just sent a lead is never asked again this session.
        if (hasJustSentLead(browserStorage('sessionStorage'))) return false
        if (!canShowExitIntent(browserStorage('localStorage'), Date.now())) return false
      }
      isOpenRef.current = true
      onOpen?.()
      setOpenCount((n) => n + 1)
      setIsOpen(true)
      return true
    },
    [onOpen],
  )

  const close = useCallback(() => {
    if (!isOpenRef.current) return
    isOpenRef.current = false
    setIsOpen(false)
    recordExitIntentShown(browserStorage('localStorage'), Date.now())
  }, [])

  const reset = useCallback(() => {
    resetExitIntentShown(browserStorage('localStorage'))
    triggered.current = false
  }, [])

  // The deepest scroll of this page view, for the scroll-back-to-the-top trigger.
  const maxScroll = useRef(0)

  // Each page view may trigger once. A route change jumps to the top of the new page: that
  // jump is not the visitor scrolling back up, so it starts afresh.
  // A layout effect, so this runs before the router scrolls, not after.
  useLayoutEffect(() => {
    triggered.current = false
    maxScroll.current = 0
  }, [pathname])

  useEffect(() => {
    const trigger = () => {
      if (triggered.current) return
      if (open()) triggered.current = true
    }
    maxScroll.current = window.scrollY
    const onMouseMove = (e: MouseEvent) => {
      if (e.clientY <= EXIT_INTENT_TOP_THRESHOLD_PX) trigger()
    }
    const onMouseOut = (e: MouseEvent) => {
      // Moving into an iframe (video, booking widget) also has no relatedTarget: not leaving.
      if (e.relatedTarget === null && !(e.target instanceof HTMLIFrameElement)) trigger()
    }
    const onMouseOver = (e: MouseEvent) => {
      if (e.relatedTarget === null && !isOpenRef.current) triggered.current = false
    }
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') trigger()
    }
    const onScroll = () => {
      const y = window.scrollY
      if (y > maxScroll.current) maxScroll.current = y
      if (y <= 0 && maxScroll.current > EXIT_INTENT_MIN_SCROLL_PX) {
        maxScroll.current = 0
        trigger()
      }
    }
    // Capture on window also catches synthetic events dispatched on document without bubbling.
    const capture = { capture: true, passive: true } as const
    window.addEventListener('mousemove', onMouseMove, { passive: true })
    window.addEventListener('mouseout', onMouseOut, capture)
    window.addEventListener('mouseover', onMouseOver, capture)
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('beforeunload', trigger)
    window.addEventListener('scroll', onScroll, { passive: true })
    window.exitIntent = { open, reset }
    // A trigger that fired before the page was interactive, noted by client/public/boot.js.
    if (document.documentElement.dataset.earlyExitIntent) {
      delete document.documentElement.dataset.earlyExitIntent
      trigger()
    }
    return () => {
      window.removeEventListener('mousemove', onMouseMove)
      window.removeEventListener('mouseout', onMouseOut, capture)
      window.removeEventListener('mouseover', onMouseOver, capture)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('beforeunload', trigger)
      window.removeEventListener('scroll', onScroll)
      delete window.exitIntent
    }
  }, [open, reset])

  return { isOpen, openCount, open, close, reset }
}
