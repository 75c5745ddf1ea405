/**
 * Global footer (docs/routes.md): contact info; company links including a Free Inspection
 * action; a three-column list of service areas; four social links; a copyright line;
 * links to /sitemap, /privacy and /terms.
 */
import { CITY_ROUTES, ROUTES } from '../../../shared/routes'
import { HOURS_DISPLAY, SERVICE_AREA_DISPLAY, SOCIAL_LINKS, telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'
import { useToday } from '../../hooks/use-today'
import { usePageContext } from 'vike-react/usePageContext'
import { InspectionButton } from '../lead/InspectionButton'
import { EXIT_INTENT_DIALOG_ID, EXIT_INTENT_TITLE, PAGE_LEAD_FORM_IDS } from '../../dom-contract'
import {
  ClockIcon,
  FacebookIcon,
  GoogleIcon,
  InstagramIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  YouTubeIcon,
} from '../ui/icons'
import { Logo } from './Logo'

const SOCIAL_ICONS = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  Google: GoogleIcon,
  YouTube: YouTubeIcon,
} as const

const COMPANY_LINKS = [
  ROUTES.about,
  ROUTES.residentialRoofing,
  ROUTES.insuranceClaims,
  ROUTES.hailReport,
  ROUTES.faqs,
  ROUTES.contact,
]

const LEGAL_LINKS = [ROUTES.sitemap, ROUTES.privacy, ROUTES.terms]

function splitIntoColumns<T>(items: T[], columns: number): T[][] {
  const perColumn = Math.ceil(items.length / columns)
  return Array.from({ length: columns }, (_, i) => items.slice(i * perColumn, (i + 1) * perColumn))
}

/** One list item per page, linked by its label. */
function RouteLinkItems({ routes }: { routes: readonly { path: string; label: string }[] }) {
  return routes.map((r) => (
    <li key={r.path}>
      <a href={r.path}>{r.label}</a>
    </li>
  ))
}

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <FooterContact />
        <FooterCompany />
        <FooterAreas />
      </div>
      <FooterBottom />
    </footer>
  )
}

function FooterContact() {
  const business = useBusiness()
  return (
    <section className="footer-about" aria-labelledby="footer-contact">
      <a href="/" className="brand brand-inverse" aria-label={`${business.name} home`}>
        <Logo />
        <span className="brand-name">{business.name}</span>
      </a>
      <h2 id="footer-contact" className="footer-heading">
        Contact Us
      </h2>
      <ul className="footer-contact">
        <li>
          <PhoneIcon />
          <a href={telHref(business.phone)}>{business.phone}</a>
        </li>
        <li>
          <MailIcon />
          <a href={`mailto:${business.email}`}>{business.email}</a>
        </li>
        <li>
          <MapPinIcon />
          <span>{SERVICE_AREA_DISPLAY}</span>
        </li>
        <li>
          <ClockIcon />
          <span>{HOURS_DISPLAY}</span>
        </li>
      </ul>
    </section>
  )
}

function FooterCompany() {
  const { urlPathname } = usePageContext()
  return (
    <nav className="footer-company" aria-labelledby="footer-company-heading">
      <h2 id="footer-company-heading" className="footer-heading">
        Company
      </h2>
      <ul className="footer-links">
        <RouteLinkItems routes={COMPANY_LINKS} />
        <li>
          <InspectionButton className="footer-action">Free Inspection</InspectionButton>
        </li>
      </ul>
      {/*
        Without JavaScript nothing notices a visitor leaving, so the exit-intent form gets a
        button of its own, shown only then (it opens the popup's <dialog>; docs/forms.md) and
        not on the pages whose dialogs carry no form of their own.
      */}
      {PAGE_LEAD_FORM_IDS[urlPathname] ? null : (
        <noscript>
          <p className="footer-noscript">
            <button
              type="button"
              className="footer-action"
              commandfor={EXIT_INTENT_DIALOG_ID}
              command="show-modal"
              aria-haspopup="dialog"
            >
              {EXIT_INTENT_TITLE}
            </button>
          </p>
        </noscript>
      )}
    </nav>
  )
}

function FooterAreas() {
  return (
    <nav className="footer-areas" aria-labelledby="footer-areas-heading">
      <h2 id="footer-areas-heading" className="footer-heading">
        <a href={ROUTES.serviceAreas.path}>Service Areas</a>
      </h2>
      <div className="footer-area-columns">
        {splitIntoColumns(CITY_ROUTES, 3).map((column, i) => (
          <ul key={i} className="footer-links">
            <RouteLinkItems routes={column} />
          </ul>
        ))}
      </div>
    </nav>
  )
}

function FooterBottom() {
  const business = useBusiness()
  const { year } = useToday()
  return (
    <div className="container footer-bottom">
      <ul className="social-links" aria-label="Social media">
        {SOCIAL_LINKS.map((s) => {
          const IconComponent = SOCIAL_ICONS[s.name]
          return (
            <li key={s.name}>
              <a
                href={s.href}
                rel="noopener noreferrer"
                target="_blank"
                aria-label={`${business.name} on ${s.name}`}
              >
                <IconComponent />
              </a>
            </li>
          )
        })}
      </ul>
      <p className="copyright">
        © {year} {business.name.replace(/\.$/, '')}. All rights reserved.
      </p>
      <ul className="legal-links">
        <RouteLinkItems routes={LEGAL_LINKS} />
      </ul>
    </div>
  )
}
