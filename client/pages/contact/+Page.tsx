/** /contact: the form, phone, e-mail, service area, hours and four Common Questions. */
import { FACTS, HOURS_DISPLAY, SERVICE_AREA_DISPLAY, telHref } from '../../../shared/business'
import { CONTACT_QUESTIONS } from '../../../shared/content/faqs'
import { QuestionsSection } from '../../components/content/BlockSections'
import { ContactPageForm } from '../../components/lead/ContactPageForm'
import { HeroBanner } from '../../components/ui/HeroBanner'
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/ui/icons'
import { useBusiness } from '../../hooks/use-business'

export default function Page() {
  const business = useBusiness()
  return (
    <>
      <HeroBanner
        eyebrow="Contact us"
        title="Contact Us"
        subtitle={`Questions about hail damage or your insurance claim? We're here to help. Inspections within ${FACTS.inspectionWindow}, often the same day.`}
        backgroundImage="/uploads/hero/sunrise-homes.svg"
        cta={false}
      >
        <a className="btn btn-primary btn-lg" href={telHref(business.phone)}>
          <PhoneIcon /> Call {business.phone}
        </a>
      </HeroBanner>

      <section className="section" aria-labelledby="contact-form-heading">
        <div className="container contact-layout">
          <div className="card contact-form-card">
            <h2 id="contact-form-heading">Send Us a Message</h2>
            <p className="lead">
              Fill out the form and we&rsquo;ll contact you to set up your free inspection.
            </p>
            <ContactPageForm />
          </div>
          <aside className="contact-info" aria-labelledby="contact-info-heading">
            <h2 id="contact-info-heading" className="contact-info-title">
              Contact Information
            </h2>
            <ul className="contact-info-list">
              <ContactItem icon={<PhoneIcon />} title="Phone">
                <a href={telHref(business.phone)}>{business.phone}</a>
              </ContactItem>
              <ContactItem icon={<MailIcon />} title="Email">
                <a href={`mailto:${business.email}`}>
                  {/* On a phone a long address wraps after the @, not mid-word. */}
                  <span>
                    {business.email.split('@')[0]}@<wbr />
                    {business.email.split('@').slice(1).join('@')}
                  </span>
                </a>
              </ContactItem>
              <ContactItem icon={<MapPinIcon />} title="Service Area">
                <p>{SERVICE_AREA_DISPLAY}</p>
              </ContactItem>
              <ContactItem icon={<ClockIcon />} title="Hours">
                <p>{HOURS_DISPLAY}</p>
              </ContactItem>
            </ul>
          </aside>
        </div>
      </section>

      <QuestionsSection id="common-questions-heading" variant="alt" block={CONTACT_QUESTIONS} cards />
    </>
  )
}

/** One way to reach us: its icon, what it is, and the number, address or text. */
function ContactItem({
  icon,
  title,
  children,
}: {
  icon: React.ReactNode
  title: string
  children: React.ReactNode
}) {
  return (
    <li>
      <span className="card-icon">{icon}</span>
      <div>
        <h3>{title}</h3>
        {children}
      </div>
    </li>
  )
}
