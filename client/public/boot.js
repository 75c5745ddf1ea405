// The page's first script. Every page arrives fully rendered from the server; its
// JavaScript only makes it interactive. This file does a few small things before that
// JavaScript runs, and nothing else:
//
// 1. It starts the app (Vike's client entry, named by `data-entry` on this script's tag)
//    only after the browser has painted the page once, so on a slow phone the homeowner
//    sees the hero before the main thread is busy hydrating.
// 2. Until the page is interactive (`<html data-hydrated>`, set by the layout), it holds
//    on to taps on buttons and to form submissions, and replays them once the page is
//    interactive: an early tap on "Free Inspection" opens the dialog a moment later
//    instead of doing nothing, and a form sent early goes through the form's own checks
//    instead of a raw browser POST. An exit-intent trigger seen meanwhile (pointer at the
//    top or leaving the page, tab hidden) is noted as `<html data-early-exit-intent>` for
//    client/components/lead/exit-intent/use-exit-intent.ts, which acts on it once it runs.
//    Only the app's own buttons and forms (in #root) are held.
// 3. If the app cannot be loaded, it lets the browser do what it held: a form posts itself,
//    an inspection button opens the plain-HTML dialog (docs/forms.md).
// 4. A page sent back for a refused form post shows its own address, not the API's.
//
// Served from client/public with a version query (server/http/script-priority.ts). Plain
// JavaScript, no imports: it must stay tiny.
const root = document.documentElement
let appFailed = false
const isInteractive = () => root.dataset.hydrated === 'true'
/** Whether a tap or a submission on this element waits for the app. */
const waitsForApp = (/** @type {Element} */ el) =>
  !isInteractive() && !appFailed && !!document.getElementById('root')?.contains(el)

function showPagePath() {
  const path = document.querySelector('[data-page-path]')?.getAttribute('data-page-path')
  if (path?.startsWith('/') && location.pathname !== path) history.replaceState(history.state, '', path)
}

/** @type {Array<() => void>} */
const held = []

document.addEventListener(
  'click',
  (event) => {
    if (!(event.target instanceof Element)) return
    const button = event.target.closest('button')
    if (!button || button.disabled || !waitsForApp(button)) return
    event.preventDefault()
    event.stopImmediatePropagation()
    held.push(() => button.isConnected && button.click())
  },
  true,
)

document.addEventListener(
  'submit',
  (event) => {
    if (!(event.target instanceof HTMLFormElement) || !waitsForApp(event.target)) return
    const form = event.target
    event.preventDefault()
    event.stopImmediatePropagation()
    held.push(() => form.isConnected && form.requestSubmit())
  },
  true,
)

// Kept in step with EXIT_INTENT_TOP_THRESHOLD_PX (client/components/lead/exit-intent/exit-intent-rules.ts).
const EXIT_INTENT_TOP_PX = 10
const noteExitIntent = () => {
  if (!isInteractive()) root.dataset.earlyExitIntent = 'true'
}
document.addEventListener(
  'mousemove',
  (event) => {
    if (event.clientY <= EXIT_INTENT_TOP_PX) noteExitIntent()
  },
  { passive: true },
)
document.addEventListener('mouseout', (event) => {
  if (event.relatedTarget === null && !(event.target instanceof HTMLIFrameElement)) noteExitIntent()
})
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') noteExitIntent()
})

new MutationObserver((_, observer) => {
  if (!isInteractive()) return
  observer.disconnect()
  // Replayed once, in the order they happened.
  for (const replay of held.splice(0)) replay()
}).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] })

const tag = document.querySelector('script[data-entry]')
const entry = tag?.getAttribute('data-entry')
let started = false
function start() {
  if (started || !entry) return
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start, { once: true })
    return
  }
  started = true
  // Before the app reads the address.
  showPagePath()
  // The entry's modules, fetched in parallel rather than one import after another.
  for (const href of (tag.getAttribute('data-preload') ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
  import(entry).catch(() => {
    appFailed = true
    for (const replay of held.splice(0)) replay()
  })
}
if (document.visibilityState === 'hidden') {
  // A tab opened in the background paints nothing until shown: no reason to wait.
  start()
} else {
  // requestAnimationFrame runs just before the next paint; the timeout after it.
  requestAnimationFrame(() => setTimeout(start, 0))
  // In case frames never come (some embedded browsers), start anyway.
  setTimeout(start, 1000)
}
