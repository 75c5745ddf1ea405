// https://vike.dev/Layout – every page's frame, rendered on the server only: the skip link,
// the header, the page, the footer and the two lead dialogs. What makes it interactive is the
// script layer (client/script-layer/) and, on intent, the form islands (client/islands/).
import '../styles/index.css'
import { Header } from '../components/layout/Header'
import { Footer } from '../components/layout/Footer'
import { LeadDialogs } from '../components/lead/LeadDialogs'

export default function Layout({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <LeadDialogs />
    </>
  )
}
