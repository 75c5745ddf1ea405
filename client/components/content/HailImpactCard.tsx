/** A 2025 hail impact card: area, description, image, storm date, hail size, zip codes; a link to the city page on the home page. */
import type { CityPage } from '../../../shared/service-areas'
import { cityPath } from '../../../shared/routes'
import { ArrowRightIcon } from '../ui/icons'

export function HailImpactCard({ city, link = false }: { city: CityPage; link?: boolean }) {
  const body = (
    <>
      <div className="card-media">
        <img src={city.image} alt="" width={640} height={360} loading="lazy" decoding="async" />
      </div>
      <h3>{city.name}</h3>
      <dl className="hail-facts">
        <div>
          <dt>Storm</dt>
          <dd>{city.hail.storm}</dd>
        </div>
        <div>
          <dt>Hail size</dt>
          <dd>{`${city.hail.hailSize}"`}</dd>
        </div>
      </dl>
      <p>{city.hail.description}</p>
      <p className="hail-zips">
        <span className="visually-hidden">Zip codes: </span>
        {city.zipcodes}
      </p>
      {link ? (
        <span className="link-arrow">
          Roof repair in {city.name} <ArrowRightIcon width={16} height={16} />
        </span>
      ) : null}
    </>
  )
  return link ? (
    <a className="card card-link hail-card" href={cityPath(city.slug)}>
      {body}
    </a>
  ) : (
    <article className="card hail-card">{body}</article>
  )
}
