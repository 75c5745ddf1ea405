/**
 * The script layer: what every page runs as soon as its HTML is parsed, in plain DOM code
 * (no React, a few KB; docs/decisions/010-islands.md). It makes the server-rendered header,
 * mobile menu, dialogs, exit-intent popup, images, video and booking widget work, and loads
 * the React form islands only when a visitor starts to use one.
 *
 * `html.js` replaces `html.no-js` first, so CSS can tell a page with its script from one
 * without; `html[data-hydrated]` says the page is interactive (tests wait for it).
 */
import { startBookingWidget } from './booking-widget'
import { startExitIntent } from './exit-intent'
import { startFormTokens } from './form-token'
import { startHailSummary } from './hail-summary'
import { startHeaderMenus } from './header-menus'
import { startImageLoaders } from './image-loader'
import { startIslands } from './islands'
import { startLeadDialogs } from './lead-dialogs'
import { startMobileMenu } from './mobile-menu'
import { startPageParts } from './page-parts'
import { startReloadOnNewBuild } from './reload-on-new-build'
import { notify, takeCarriedToast } from '../islands/toasts'
import { recordPageView } from '../lib/attribution-store'

function start(): void {
  const root = document.documentElement
  root.classList.replace('no-js', 'js')
  // Where this visit came from, before anything else can fail (docs/attribution.md).
  recordPageView(new URL(window.location.href), document.referrer, new Date())
  startReloadOnNewBuild()
  startIslands()
  startHeaderMenus()
  startMobileMenu()
  startLeadDialogs()
  startExitIntent()
  startImageLoaders()
  startBookingWidget()
  startPageParts()
  startFormTokens()
  startHailSummary()
  // The success toast of a form that brought the visitor here.
  const toast = takeCarriedToast()
  if (toast) notify(toast.kind, toast.message)
  root.dataset.hydrated = 'true'
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true })
else start()
