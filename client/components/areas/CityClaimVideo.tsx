/** 'How a Hail Damage Roof Claim Works': the claim in four lines beside the explainer video. */
import { CLAIM_IN_BRIEF } from '../../../shared/content/areas'
import { EXPLAINER_VIDEO_ID, EXPLAINER_VIDEO_TITLE } from '../../../shared/media'
import type { CityPage } from '../../../shared/service-areas'
import { SplitSection } from '../content/SplitSection'
import { VideoEmbed } from '../content/VideoEmbed'
import { CheckList } from '../content/Lists'

export function CityClaimVideo({ city, variant }: { city: CityPage; variant?: 'alt' }) {
  return (
    <SplitSection
      headingId="claim-video"
      eyebrow="Watch the explainer"
      title="How a Hail Damage Roof Claim Works"
      variant={variant}
      aside={<VideoEmbed videoId={EXPLAINER_VIDEO_ID} title={EXPLAINER_VIDEO_TITLE} />}
    >
      <p>
        Filing a roof claim in {city.name} does not have to be stressful. Here is what happens from the free
        inspection to the final walkthrough:
      </p>
      <CheckList items={CLAIM_IN_BRIEF} />
    </SplitSection>
  )
}
