/**
 * The hero of a content page: the shared HeroBanner whose main action, 'Schedule Your Free
 * Roof Inspection', opens the lead modal (as every such button does), with the phone number
 * as the second action.
 */
import { telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'
import { InspectionButton } from '../lead/InspectionButton'
import { HeroBanner } from '../ui/HeroBanner'
import { PhoneIcon } from '../ui/icons'

export function PageHero({
  title,
  subtitle,
  eyebrow,
  backgroundImage,
  children,
}: {
  title: React.ReactNode
  subtitle: React.ReactNode
  eyebrow?: React.ReactNode
  backgroundImage?: string
  children?: React.ReactNode
}) {
  const business = useBusiness()
  return (
    <HeroBanner
      title={title}
      subtitle={subtitle}
      eyebrow={eyebrow}
      backgroundImage={backgroundImage}
      cta={false}
    >
      <InspectionButton className="btn btn-primary btn-lg">
        Schedule Your Free Roof Inspection
      </InspectionButton>
      <a className="btn btn-outline-light btn-lg" href={telHref(business.phone)}>
        <PhoneIcon /> Call {business.phone}
      </a>
      {children}
    </HeroBanner>
  )
}
