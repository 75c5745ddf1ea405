/**
 * The exit-intent popup 'Free Hail Weather Report' (docs/exit-intent.md): when it may open,
 * what opens it, and its two steps.
 *
 * Triggers: the pointer within 10 px of the top, the pointer leaving the page (mouseout with
 * no relatedTarget), the tab hidden, beforeunload, scrolling back to the top after more than
 * 100 px of scrolling. It opens at most once per page view; the trigger re-arms when the
 * pointer re-enters the page. A guarded open respects the 24-hour rule and never asks someone
 * who has just sent a lead; a forced one (window.exitIntent.open({ force: true })) always opens.
 *
 * Links are real navigations, so the page also sees beforeunload and a hidden tab when the
 * visitor follows a link of the site or goes Back: a link click (or a form posted by the
 * browser) marks the page as being left, and those two triggers then do nothing; a popup that
 * an unload-time trigger opened anyway is closed, unrecorded, when Back brings the page back.
 */
import {
  EXIT_INTENT_DIALOG_ID,
  EXIT_INTENT_NEXT_ATTRIBUTE,
  EXIT_INTENT_STEP_ATTRIBUTE,
} from '../dom-contract'
import { browserStorage } from '../lib/browser-storage'
import { hasJustSentLead } from '../lib/lead-session'
import {
  canShowExitIntent,
  EXIT_INTENT_MIN_SCROLL_PX,
  EXIT_INTENT_TOP_THRESHOLD_PX,
  recordExitIntentShown,
  resetExitIntentShown,
} from './exit-intent-rules'
import { focusFirstField, openLeadDialog } from './lead-dialogs'
import { isLeavingThePage, startWatchingForLeaving } from './leaving'

interface ExitIntentApi {
  /** Guarded unless force is true. Returns whether it is open. */
  open: (options?: { force?: boolean }) => boolean
  /** Removes the stored time so a guarded open works again. */
  reset: () => void
}

declare global {
  interface Window {
    /** Support hook: lets a visitor (or support staff) see the popup again. */
    exitIntent?: ExitIntentApi
  }
}

export function startExitIntent(): void {
  const dialog = document.getElementById(EXIT_INTENT_DIALOG_ID) as HTMLDialogElement | null
  if (!dialog) return
  startWatchingForLeaving()
  let triggered = false
  /** Opened by beforeunload, or by the tab hiding as the page unloads: nobody saw it. */
  let openedByUnload = false
  let unloading = false
  let maxScroll = window.scrollY
  const setStep = (step: '1' | '2') => dialog.setAttribute(EXIT_INTENT_STEP_ATTRIBUTE, step)

  const open: ExitIntentApi['open'] = (options) => {
    if (dialog.open) return true
    if (!options?.force) {
      if (hasJustSentLead(browserStorage('sessionStorage'))) return false
      if (!canShowExitIntent(browserStorage('localStorage'), Date.now())) return false
    }
    setStep('1')
    openLeadDialog(dialog)
    return true
  }
  const reset = () => {
    resetExitIntentShown(browserStorage('localStorage'))
    triggered = false
  }
  /** `onUnload`: a trigger that also fires when the visitor follows a link or goes Back. */
  const trigger = (onUnload = false) => {
    if (triggered || (onUnload && isLeavingThePage())) return
    if (open()) {
      triggered = true
      openedByUnload = onUnload && unloading
    }
  }

  // Closing stores the time and returns it to step 1.
  dialog.addEventListener('close', () => {
    if (!openedByUnload) recordExitIntentShown(browserStorage('localStorage'), Date.now())
    openedByUnload = false
    setStep('1')
  })
  dialog.querySelector(`[${EXIT_INTENT_NEXT_ATTRIBUTE}]`)?.addEventListener('click', () => {
    setStep('2')
    focusFirstField(dialog)
  })

  window.addEventListener('mousemove', (e) => e.clientY <= EXIT_INTENT_TOP_THRESHOLD_PX && trigger(), {
    passive: true,
  })
  // Capture on window also catches synthetic events dispatched on document without bubbling.
  const capture = { capture: true, passive: true } as const
  window.addEventListener(
    'mouseout',
    // Moving into an iframe (video, booking widget) also has no relatedTarget: not leaving.
    (e) => e.relatedTarget === null && !(e.target instanceof HTMLIFrameElement) && trigger(),
    capture,
  )
  window.addEventListener(
    'mouseover',
    (e) => e.relatedTarget === null && !dialog.open && (triggered = false),
    capture,
  )
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && trigger(true))
  window.addEventListener('beforeunload', () => {
    unloading = true
    trigger(true)
  })
  window.addEventListener('pagehide', () => (unloading = true))
  window.addEventListener(
    'scroll',
    () => {
      const y = window.scrollY
      if (y > maxScroll) maxScroll = y
      if (y <= 0 && maxScroll > EXIT_INTENT_MIN_SCROLL_PX) {
        maxScroll = 0
        trigger()
      }
    },
    { passive: true },
  )
  // Back (or Forward) brought the page back as it was left: undo what leaving opened.
  window.addEventListener('pageshow', (e) => {
    unloading = false
    if (!e.persisted || !openedByUnload) return
    dialog.close()
    triggered = false
  })
  window.exitIntent = { open, reset }
}
