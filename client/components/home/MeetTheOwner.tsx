/** 'Meet {owner}': the owner introduces himself beside the explainer video. */
import { ownerFirstName } from '../../../shared/business'
import { EXPLAINER_VIDEO_ID, EXPLAINER_VIDEO_TITLE } from '../../../shared/media'
import { ROUTES } from '../../../shared/routes'
import { useBusiness } from '../../hooks/use-business'
import { PromiseList } from '../content/PromiseList'
import { SplitSection } from '../content/SplitSection'
import { VideoEmbed } from '../content/VideoEmbed'
import { ArrowRightIcon, CheckIcon } from '../ui/icons'

export function MeetTheOwner() {
  const firstName = ownerFirstName(useBusiness())
  return (
    <SplitSection
      headingId="meet-heading"
      eyebrow="Your local roofer"
      title={<>Meet {firstName}</>}
      aside={<VideoEmbed videoId={EXPLAINER_VIDEO_ID} title={EXPLAINER_VIDEO_TITLE} />}
    >
      <p className="lead">
        I started this company because Denver homeowners deserve a roofer who tells the truth, shows up when
        promised and knows how insurance claims really work.
      </p>
      <p>
        After a hail storm, I come out myself, climb your roof and show you exactly what I find. If there is
        real damage, I meet your adjuster and stay with you until the last nail is picked up. If there
        isn&rsquo;t, I&rsquo;ll tell you that too.
      </p>
      <PromiseList>
        <li>
          <CheckIcon /> No high-pressure sales, ever
        </li>
        <li>
          <CheckIcon /> I meet your adjuster on the roof
        </li>
      </PromiseList>
      <a className="link-arrow" href={ROUTES.about.path}>
        More about {firstName} <ArrowRightIcon width={16} height={16} />
      </a>
    </SplitSection>
  )
}
