/** /about (spec section 2): the owner speaks in the first person (spec section 1). */
import { ownerFirstName } from '../../../shared/business'
import { aboutStory, ABOUT_DIFFERENTIATORS, ABOUT_VALUES, WORK_PHOTOS } from '../../../shared/content/about'
import { CardGrid } from '../../components/content/CardGrid'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { WorkPhotoFigure } from '../../components/content/WorkPhotoFigure'
import { useBusiness } from '../../hooks/use-business'

export default function Page() {
  const business = useBusiness()
  const firstName = ownerFirstName(business)
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={`Meet ${business.ownerName} – A Different Kind of Roofer`}
        subtitle="Honest inspections, no high-pressure sales and a roofer who knows how insurance claims really work."
        backgroundImage="/uploads/hero/sunrise-homes.svg"
      />

      <PageSection
        headingId="story-heading"
        eyebrow="My story"
        title={`Hi, I'm ${firstName}`}
        intro="I'm a Denver roofer who believes you should understand every step of your roof project."
      >
        <CardGrid
          items={aboutStory(business)}
          className="grid grid-3 story-cards"
          cardClassName="card story-card"
          numberClassName="story-card-number"
        />
      </PageSection>

      <PageSection
        headingId="different-heading"
        variant="alt"
        eyebrow="What makes me different"
        title="A Roofer You Can Actually Trust"
      >
        <IconCards items={ABOUT_DIFFERENTIATORS} columns={4} />
      </PageSection>

      <PageSection headingId="values-heading" variant="dark" eyebrow="My values" title="What I Stand For">
        <IconCards items={ABOUT_VALUES} columns={3} variant="centered" />
      </PageSection>

      <PageSection
        headingId="work-heading"
        eyebrow="On the job"
        title="See My Work"
        intro="From the first inspection to the final nail, this is what working with me looks like."
      >
        <ul className="grid grid-3 work-photos">
          {WORK_PHOTOS.map((photo) => (
            <li key={photo.src}>
              <WorkPhotoFigure photo={photo} />
            </li>
          ))}
        </ul>
      </PageSection>

      <CtaBand
        title={`Let's Take a Look at Your Roof`}
        text={`I'll inspect your roof for free, often the same day, and give you an honest answer. No pressure, no obligation.`}
      />
    </>
  )
}
