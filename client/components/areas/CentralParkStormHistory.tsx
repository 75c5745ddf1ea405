/** Central Park's storm tracker: the neighbourhood map (a placeholder until the interactive map) and its storm cards. */
import { CENTRAL_PARK_MAP_IMAGE, CENTRAL_PARK_STORMS } from '../../../shared/content/central-park'
import { ImageLoader } from '../content/ImageLoader'
import { BlockSection } from '../content/BlockSection'
import { StormCardView } from './StormCardView'

export function CentralParkStormHistory() {
  return (
    <BlockSection id="storm-history" variant="alt" block={CENTRAL_PARK_STORMS}>
      <div className="storm-tracker">
        <div className="storm-map">
          {/* No placeholder picture: a map that fails to load says so and offers Retry. */}
          <ImageLoader
            src={CENTRAL_PARK_MAP_IMAGE}
            alt="Map of the Central Park neighborhood, zip code 80238"
            width={640}
            height={360}
            fallback={false}
          />
          <p className="storm-map-note">Interactive Map Coming Soon</p>
        </div>
        <div className="storm-cards">
          {CENTRAL_PARK_STORMS.items.map((storm) => (
            <StormCardView key={storm.date} storm={storm} />
          ))}
        </div>
      </div>
    </BlockSection>
  )
}
