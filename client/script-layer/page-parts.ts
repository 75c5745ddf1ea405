/**
 * The small interactive parts of some pages: the video facade (its frame loads on click), the
 * /hail-report hero's button to the form, the 404 page's console line, and the address shown
 * after a plain form post the server sent back.
 */

/** Swaps a video facade for the video's frame (client/components/content/VideoEmbed.tsx). */
function startVideoFacades(): void {
  document.addEventListener('click', (event) => {
    const facade = event.target instanceof Element ? event.target.closest('.video-facade') : null
    const box = facade?.closest<HTMLElement>('.video-embed[data-video-src]')
    if (!box) return
    const frame = document.createElement('iframe')
    frame.src = box.dataset.videoSrc ?? ''
    frame.title = box.dataset.videoTitle ?? ''
    frame.width = '1280'
    frame.height = '720'
    frame.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture'
    frame.allowFullscreen = true
    box.replaceChildren(frame)
    frame.focus()
  })
}

/**
 * The /hail-report hero's "button" is a link to the form's anchor (it works without a script);
 * with one, it scrolls there smoothly (unless the visitor asked for less motion) and moves
 * focus to the form, so the next Tab lands in its first field. A button also answers Space.
 */
function startScrollToForm(): void {
  const go = (event: Event) => {
    const link =
      event.target instanceof Element ? event.target.closest<HTMLElement>('[data-scrolls-to-form]') : null
    const form = link && document.getElementById(link.getAttribute('aria-controls') ?? '')
    if (!form) return
    event.preventDefault()
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    form.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
    form.focus({ preventScroll: true })
  }
  document.addEventListener('click', go)
  document.addEventListener('keydown', (event) => event.key === ' ' && go(event))
}

/** The bad path of a 404, in the console (docs/routes.md). */
function logNotFound(): void {
  if (document.querySelector('[data-not-found]')) {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname)
  }
}

/**
 * A page sent back for a refused plain form post arrives at the form's endpoint's address;
 * its error summary names the page (`data-page-path`), which the address bar then shows.
 */
function showPagePath(): void {
  const path = document.querySelector('[data-page-path]')?.getAttribute('data-page-path')
  if (path?.startsWith('/') && location.pathname !== path) history.replaceState(history.state, '', path)
}

export function startPageParts(): void {
  showPagePath()
  startVideoFacades()
  startScrollToForm()
  logNotFound()
}
