/**
 * A block of cities as a column of wide cards, one a row (/hail-report's hail impact cards,
 * /service-areas' linked area cards); the page says which card a city gets.
 */
import type { Block } from '../../../shared/content/types'
import type { CityPage } from '../../../shared/service-areas'
import { ListSection, type Placement } from '../content/BlockSection'

export function CityCardsSection({
  renderCard,
  ...section
}: Placement & { block: Block<CityPage>; renderCard: (city: CityPage) => React.ReactNode }) {
  return (
    <ListSection
      {...section}
      className="plain-list card-rows"
      itemKey={(city) => city.slug}
      renderItem={renderCard}
    />
  )
}
