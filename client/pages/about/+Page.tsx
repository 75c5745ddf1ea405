/** /about (spec section 2): the owner speaks in the first person (spec section 1). */
import { FACTS, ownerFirstName } from '../../../shared/business'
import { ABOUT_DIFFERENTIATORS, ABOUT_VALUES } from '../../../shared/content/services'
import { CtaBand } from '../../components/content/CtaBand'
import { IconCards } from '../../components/content/IconCards'
import { PageHero } from '../../components/content/PageHero'
import { PageSection } from '../../components/content/PageSection'
import { useBusiness } from '../../hooks/use-business'

const WORK_PHOTOS = [
  {
    src: '/uploads/about/inspecting-hail-damage.svg',
    alt: 'Close-up of hail impacts on asphalt shingles, circled during a roof inspection',
    caption: 'Documenting hail hits for an insurance claim',
  },
  {
    src: '/uploads/about/crew-installing-shingles.svg',
    alt: 'Two roofers in orange safety helmets installing new shingles on a pitched roof',
    caption: 'Our crew installing a new roof',
  },
  {
    src: '/uploads/about/finished-roof.svg',
    alt: 'A family home with a freshly finished dark shingle roof on a sunny day',
    caption: 'A finished roof, ready for the next storm',
  },
]

export default function Page() {
  const business = useBusiness()
  const firstName = ownerFirstName(business)
  const story = [
    {
      title: 'Why I Started',
      text: `I watched too many neighbors get burned by storm chasers who knocked on doors after a hail storm, rushed a cheap roof and disappeared. I started ${business.name} to be the roofer I would want on my own house.`,
    },
    {
      title: 'How I Work',
      text: `I inspect every roof myself, usually within ${FACTS.inspectionWindow}. I show you the photos, explain what they mean and tell you honestly whether you need a repair, a replacement or nothing at all.`,
    },
    {
      title: 'What I Promise',
      text: 'I meet your adjuster, answer my phone and stay with you until the final walkthrough. On an approved insurance claim, you pay just your deductible, and your home is treated like my own.',
    },
  ]
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
        <ol className="grid grid-3 story-cards">
          {story.map((card, i) => (
            <li key={card.title} className="card story-card">
              <span className="story-card-number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ol>
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
              <figure className="work-photo">
                <img
                  src={photo.src}
                  alt={photo.alt}
                  width={640}
                  height={480}
                  loading="lazy"
                  decoding="async"
                />
                <figcaption>{photo.caption}</figcaption>
              </figure>
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
