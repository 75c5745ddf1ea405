/** /about: the owner speaks in the first person. */
import { aboutStory, ABOUT_DIFFERENTIATORS, ABOUT_VALUES, WORK_PHOTOS } from '../../../shared/content/about'
import { CardGridSection } from '../../components/content/CardGrid'
import { CtaBand } from '../../components/content/CtaBand'
import { ListSection } from '../../components/content/BlockSection'
import { CardsSection } from '../../components/content/BlockSections'
import { PageHero } from '../../components/content/PageHero'
import { WorkPhotoFigure } from '../../components/content/WorkPhotoFigure'
import { useBusiness } from '../../hooks/use-business'

export default function Page() {
  const business = useBusiness()
  const story = aboutStory(business)
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={`Meet ${business.ownerName} – A Different Kind of Roofer`}
        subtitle="Honest inspections, no high-pressure sales and a roofer who knows how insurance claims really work."
        backgroundImage="/uploads/hero/sunrise-homes.svg"
      />

      <CardGridSection
        id="story-heading"
        block={story}
        className="grid grid-3 story-cards"
        cardClassName="card story-card"
        numberClassName="story-card-number"
      />

      <CardsSection id="different-heading" variant="alt" block={ABOUT_DIFFERENTIATORS} columns={4} />
      <CardsSection id="values-heading" variant="dark" block={ABOUT_VALUES} columns={3} cards="centered" />

      <ListSection
        id="work-heading"
        block={WORK_PHOTOS}
        className="grid grid-3 work-photos"
        itemKey={(photo) => photo.src}
        renderItem={(photo) => <WorkPhotoFigure photo={photo} />}
      />

      <CtaBand
        title={`Let's Take a Look at Your Roof`}
        text={`I'll inspect your roof for free, often the same day, and give you an honest answer. No pressure, no obligation.`}
      />
    </>
  )
}
