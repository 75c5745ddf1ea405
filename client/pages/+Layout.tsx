// https://vike.dev/Layout
import '../styles/index.css'
import { useEffect } from 'react'
import { Header } from '../components/layout/Header'
import { Footer } from '../components/layout/Footer'
import { LeadDialogsProvider } from '../components/lead/lead-dialogs'
import { ExitIntent } from '../components/lead/ExitIntent'
import { ToastHost } from '../components/lead/ToastHost'

export default function Layout({ children }: { children: React.ReactNode }) {
  // Marks the page as interactive: tests wait for it before clicking, and CSS may use it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <LeadDialogsProvider>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ExitIntent />
      <ToastHost />
    </LeadDialogsProvider>
  )
}
