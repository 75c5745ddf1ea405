/**
 * The hero of a content page: the shared HeroBanner whose main action, 'Schedule Your Free
 * Roof Inspection', opens the lead modal (as every such button does), with the phone number
 * as the second action.
 */
import { telHref } from '../../../shared/business'
import { useBusiness } from '../../hooks/use-business'
import { InspectionButton } from '../lead/InspectionButton'
import { HeroBanner, type HeroBannerProps } from '../ui/HeroBanner'
import { PhoneIcon } from '../ui/icons'

/** HeroBanner's props but its call to action (this hero has its own), with a subtitle always. */
type PageHeroProps = Omit<HeroBannerProps, 'cta'> & { subtitle: React.ReactNode }

export function PageHero({ children, ...banner }: PageHeroProps) {
  const business = useBusiness()
  return (
    <HeroBanner {...banner} cta={false}>
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
