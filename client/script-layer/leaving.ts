/**
 * Whether the visitor is on the way out of this page through the site itself: a link followed
 * (to another page, or a call or e-mail link) or a form the browser posts. The exit-intent
 * popup then ignores beforeunload and the hidden tab, which fire on every navigation now that
 * links are real navigations. It clears when the page is shown again.
 */
let leaving = false

export function isLeavingThePage(): boolean {
  return leaving
}

function isLeavingLink(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download'))
    return false
  // A jump within this page (#main, #hail-report-form) leaves nothing.
  const to = new URL(link.href, location.href)
  return !(
    to.origin === location.origin &&
    to.pathname === location.pathname &&
    to.search === location.search &&
    to.hash
  )
}

let watching = false
export function startWatchingForLeaving(): void {
  if (watching) return
  watching = true
  // Bubble phase, so a handler that took the click over (a dialog opener) has said so.
  document.addEventListener('click', (e) => {
    if (isLeavingLink(e)) leaving = true
  })
  document.addEventListener('submit', (e) => {
    const form = e.target
    if (!e.defaultPrevented && form instanceof HTMLFormElement && form.method !== 'dialog') leaving = true
  })
  const back = () => (leaving = false)
  window.addEventListener('pageshow', back)
  document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && back())
}
