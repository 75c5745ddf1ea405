/** A service-area card (area, description, image, zip codes) linking to the city page. */
import { cityPath } from '../../../shared/routes'
import type { CityPage } from '../../../shared/service-areas'
import { ImageLoader } from '../content/ImageLoader'
import { ArrowRightIcon } from '../ui/icons'

export function AreaCard({ city }: { city: CityPage }) {
  return (
    <a className="card card-link area-card" href={cityPath(city.slug)}>
      <div className="card-media">
        {/* A missing image falls back to a placeholder with the alt text. */}
        <ImageLoader
          src={city.image}
          alt={`Illustration of ${city.name}, Colorado`}
          width={640}
          height={360}
        />
      </div>
      <h3>{city.name}</h3>
      <p>{city.description}</p>
      <p className="area-zips">
        <span className="area-zips-label">Zip codes:</span> {city.zipcodes}
      </p>
      <span className="link-arrow">
        {`Roof repair in ${city.name}`} <ArrowRightIcon width={16} height={16} />
      </span>
    </a>
  )
}
