/** A call-to-action band: headline, one line, the inspection button and the phone number. */
import { FACTS, telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'
import { InspectionButton } from '../lead/InspectionButton'
import { PhoneIcon } from '../ui/icons'

export function CtaBand({
  title = 'Ready to Find Out If Your Roof Qualifies?',
  text = `Get a free, no-pressure roof inspection within ${FACTS.inspectionWindow}. We document every sign of hail and wind damage and help you through the insurance claim.`,
  buttonText = 'Get Your Free Roof Inspection',
}: {
  title?: string
  text?: string
  buttonText?: string
}) {
  const business = useBusiness()
  return (
    <section className="cta-band" aria-label={title}>
      <div className="container cta-band-inner">
        <div>
          <h2 className="cta-band-title">{title}</h2>
          <p className="cta-band-text">{text}</p>
        </div>
        <div className="cta-band-actions">
          <InspectionButton className="btn btn-primary btn-lg">{buttonText}</InspectionButton>
          <a className="btn btn-outline-light btn-lg" href={telHref(business.phone)}>
            <PhoneIcon /> {business.phone}
          </a>
        </div>
      </div>
    </section>
  )
}
