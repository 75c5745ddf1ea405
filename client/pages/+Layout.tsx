// https://vike.dev/Layout
import '../styles/index.css'
import { Suspense, useEffect } from 'react'
import { Header } from '../components/layout/Header'
import { Footer } from '../components/layout/Footer'
import { ContactModalProvider } from '../components/lead/contact-modal/ContactModalProvider'
import { ExitIntent } from '../components/lead/exit-intent/ExitIntent'
import { ToastHost } from '../components/toasts/ToastHost'
import { STATIC_DIALOGS_ATTRIBUTE } from '../components/lead/dialogs/dialog-ids'
import '../components/app/reload-on-new-build'

/**
 * Marks the page as interactive once everything, including the deferred part below, has
 * hydrated: tests wait for `html[data-hydrated]` before clicking, and CSS may use it.
 *
 * From here on the app's own dialogs serve the inspection buttons and the exit intent, so
 * the plain-HTML copies that served the page until now (StaticLeadDialogs) go: a closed one
 * at once, one the visitor has open (or that shows a refused form) when it closes.
 */
function HydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    for (const dialog of document.querySelectorAll<HTMLDialogElement>(
      `[${STATIC_DIALOGS_ATTRIBUTE}] dialog`,
    )) {
      if (dialog.open) dialog.addEventListener('close', () => dialog.remove(), { once: true })
      else dialog.remove()
    }
  }, [])
  return null
}

export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <ContactModalProvider>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      {/*
        The page body and the footer hydrate in a Suspense boundary: React hydrates the
        header (the shell) at once and this boundary afterwards in 5 ms slices, so hydrating
        a long page never blocks the main thread for long (Total Blocking Time;
        docs/decisions/005-performance-budgets.md). A click that lands before then is replayed
        once its part has hydrated.
      */}
      <Suspense fallback={null}>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <Footer />
        <HydratedMarker />
      </Suspense>
      <ExitIntent />
      <ToastHost />
    </ContactModalProvider>
  )
}
