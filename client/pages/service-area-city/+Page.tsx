/**
 * /service-areas/{city}-co (spec section 2): one page for all 14 cities, driven by
 * shared/service-areas.ts. H1 'Roof Repair {City}', 'Recent Storm Impact in {City}',
 * the explainer video and the 'Get Your Free Roof Inspection' button.
 */
import { usePageContext } from 'vike-react/usePageContext'
import { FACTS, telHref } from '../../../shared/business'
import { CITY_SERVICES, CLAIM_IN_BRIEF } from '../../../shared/content/areas'
import { CENTRAL_PARK_MAP_IMAGE, CENTRAL_PARK_STORMS } from '../../../shared/content/central-park'
import { EXPLAINER_VIDEO_ID, EXPLAINER_VIDEO_TITLE } from '../../../shared/media'
import { cityPath, ROUTES } from '../../../shared/routes'
import { CITY_PAGES, findCity, type CityPage } from '../../../shared/service-areas'
import { Breadcrumbs } from '../../components/areas/Breadcrumbs'
import { StormCardView } from '../../components/areas/StormCardView'
import { CtaBand } from '../../components/content/CtaBand'
import { ImageLoader } from '../../components/content/ImageLoader'
import { VideoEmbed } from '../../components/content/VideoEmbed'
import { InspectionButton } from '../../components/lead/lead-dialogs'
import { HeroBanner } from '../../components/ui/HeroBanner'
import { ArrowRightIcon, CheckIcon, PhoneIcon } from '../../components/ui/icons'
import { useBusiness } from '../../hooks/use-business'

function zipList(city: CityPage): string[] {
  return city.zipcodes.split(',').map((z) => z.trim())
}

export default function Page() {
  const { routeParams } = usePageContext()
  const business = useBusiness()
  // The route function only matches known slugs, so this always finds the city.
  const city = findCity(routeParams.slug ?? '')
  if (!city) return null
  const isCentralPark = city.slug === 'central-park-co'
  const others = CITY_PAGES.filter((c) => c.slug !== city.slug)

  return (
    <>
      <Breadcrumbs
        items={[
          { name: 'Home', url: ROUTES.home.path },
          { name: 'Service Areas', url: ROUTES.serviceAreas.path },
          { name: city.name, url: cityPath(city.slug) },
        ]}
      />
      <HeroBanner
        eyebrow={`${city.county}, Colorado`}
        title={`Roof Repair ${city.name}`}
        subtitle={`Hail damage roof repair and replacement for ${city.name} homeowners. Free inspections within ${FACTS.inspectionWindow}, often the same day, and help with your insurance claim so you pay just your deductible.`}
        backgroundImage={city.image}
        cta={false}
      >
        <InspectionButton className="btn btn-primary btn-lg">Get Your Free Roof Inspection</InspectionButton>
        <a className="btn btn-outline-light btn-lg" href={telHref(business.phone)}>
          <PhoneIcon /> {business.phone}
        </a>
      </HeroBanner>

      <section className="section" aria-labelledby="storm-impact">
        <div className="container split storm-impact">
          <div>
            <p className="eyebrow">{`${FACTS.stormSeasons} Storm Season`}</p>
            <h2 id="storm-impact">{`Recent Storm Impact in ${city.name}`}</h2>
            <p className="lead">
              {`${city.name} experienced significant hail in ${FACTS.stormSeasons}. If your home was in the storm’s path, your roof may qualify for an insurance-covered replacement, and you pay only your deductible.`}
            </p>
            <p>{city.hail.description}</p>
            <p>
              Hail damage is often invisible from the ground. A free inspection tells you for certain, and
              most policies give you a limited time to file, often {FACTS.claimFilingLimit} from the storm.
            </p>
            <a className="btn btn-secondary" href={ROUTES.hailReport.path}>
              Get a Free Weather Report for Your Address
            </a>
          </div>
          <aside className="storm-facts-panel" aria-label={`${city.name} 2025 storm facts`}>
            <p className="storm-facts-title">{`${city.name} hail, 2025`}</p>
            <dl className="storm-facts">
              <div>
                <dt>Storm date</dt>
                <dd>{city.hail.storm}</dd>
              </div>
              <div>
                <dt>Hail size</dt>
                <dd>{`${city.hail.hailSize} inches`}</dd>
              </div>
              <div>
                <dt>County</dt>
                <dd>{city.county}</dd>
              </div>
              <div className="storm-facts-wide">
                <dt>Zip codes</dt>
                <dd>{city.zipcodes}</dd>
              </div>
            </dl>
          </aside>
        </div>
      </section>

      {isCentralPark ? (
        <section className="section section-alt" aria-labelledby="storm-history">
          <div className="container">
            <div className="section-header">
              <p className="eyebrow">Storm tracker</p>
              <h2 id="storm-history">Central Park Storm History</h2>
              <p>
                Every Central Park neighborhood shares the 80238 zip code. These are the storms that hit it
                hardest.
              </p>
            </div>
            <div className="storm-tracker">
              <div className="storm-map">
                {/* No fallback here: a failed map shows 'Failed to load image' with Retry (spec section 8). */}
                <ImageLoader
                  src={CENTRAL_PARK_MAP_IMAGE}
                  alt="Map of the Central Park neighborhood, zip code 80238"
                  width={640}
                  height={360}
                  fallback={false}
                  retry
                />
                <p className="storm-map-note">Interactive Map Coming Soon</p>
              </div>
              <div className="storm-cards">
                {CENTRAL_PARK_STORMS.map((storm) => (
                  <StormCardView key={storm.date} storm={storm} />
                ))}
              </div>
            </div>
          </div>
        </section>
      ) : null}

      <section className={`section${isCentralPark ? '' : ' section-alt'}`} aria-labelledby="claim-video">
        <div className="container split">
          <div>
            <p className="eyebrow">Watch the explainer</p>
            <h2 id="claim-video">How a Hail Damage Roof Claim Works</h2>
            <p>
              Filing a roof claim in {city.name} does not have to be stressful. Here is what happens from the
              free inspection to the final walkthrough:
            </p>
            <ul className="check-list">
              {CLAIM_IN_BRIEF.map((item) => (
                <li key={item}>
                  <CheckIcon /> {item}
                </li>
              ))}
            </ul>
          </div>
          <VideoEmbed videoId={EXPLAINER_VIDEO_ID} title={EXPLAINER_VIDEO_TITLE} />
        </div>
      </section>

      <section className={`section${isCentralPark ? ' section-alt' : ''}`} aria-labelledby="local-roofs">
        <div className="container split local-info">
          <div>
            <p className="eyebrow">Local expertise</p>
            <h2 id="local-roofs">{`Why Hail Matters for ${city.name} Roofs`}</h2>
            <p>{city.description}</p>
            <p>
              Colorado sees over {FACTS.coloradoHailStormsPerYear} hail storms a year. Hail bruises shingles
              and knocks off the granules that shield them from the sun, so a roof that looks fine from the
              street can start leaking a season or two later. Roofs older than {FACTS.inspectAgeYears} years
              are the most at risk.
            </p>
            <p>
              We inspect {city.name} homes within {FACTS.inspectionWindow}, put up emergency protection within{' '}
              {FACTS.emergencyTarpHours} hours when needed, and recommend Class 4 impact-resistant shingles
              that can cut insurance premiums by up to {FACTS.premiumReductionPercent}%.
            </p>
          </div>
          <div className="card local-card">
            {city.neighborhoods ? (
              <>
                <h3>{`Neighborhoods We Serve in ${city.name}`}</h3>
                <ul className="chip-list">
                  {city.neighborhoods.map((n) => (
                    <li key={n} className="chip">
                      {n}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <h3>{`${city.name} Zip Codes`}</h3>
            <ul className="chip-list">
              {zipList(city).map((z) => (
                <li key={z} className="chip">
                  {z}
                </li>
              ))}
            </ul>
            <p className="local-card-note">
              Not sure if we cover your street? Call{' '}
              <a className="nowrap" href={telHref(business.phone)}>
                {business.phone}
              </a>
              : we serve the whole Denver metro area.
            </p>
          </div>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="city-services">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">What we do</p>
            <h2 id="city-services">{`Roofing Services in ${city.name}`}</h2>
          </div>
          <ul className="grid grid-4 service-links">
            {CITY_SERVICES.map((s) => (
              <li key={s.href}>
                <a className="card card-link" href={s.href}>
                  <h3>{`${s.title} in ${city.name}`}</h3>
                  <p>{s.text}</p>
                  <span className="link-arrow">
                    Learn more <ArrowRightIcon width={16} height={16} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section nearby-areas" aria-labelledby="nearby">
        <div className="container">
          <h2 id="nearby" className="nearby-title">
            Other Areas We Serve
          </h2>
          <ul className="chip-list chip-links">
            {others.map((c) => (
              <li key={c.slug}>
                <a className="chip" href={cityPath(c.slug)}>
                  {c.name}
                </a>
              </li>
            ))}
            <li>
              <a className="chip chip-strong" href={ROUTES.serviceAreas.path}>
                All service areas
              </a>
            </li>
          </ul>
        </div>
      </section>

      <CtaBand
        title={`Hail Damage in ${city.name}? Find Out If Your Roof Qualifies`}
        buttonText="Schedule Your Free Roof Inspection"
      />
    </>
  )
}
