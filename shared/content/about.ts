/** /about's cards: the owner's story, what sets the company apart, its values and photos of the work. */
import { FACTS, ownerFirstName, type BusinessConfig } from '../business'
import type { Block, ContentCard, TextCard, WorkPhoto } from './types'

/** 'My story': three cards in the owner's words; they name him and the business, so they take its configuration. */
export function aboutStory(business: BusinessConfig): Block<TextCard> {
  return {
    eyebrow: 'My story',
    title: `Hi, I'm ${ownerFirstName(business)}`,
    intro: "I'm a Denver roofer who believes you should understand every step of your roof project.",
    items: [
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
    ],
  }
}

/** /about: differentiators. */
export const ABOUT_DIFFERENTIATORS: Block<ContentCard> = {
  eyebrow: 'What makes me different',
  title: 'A Roofer You Can Actually Trust',
  items: [
    {
      title: 'Insurance Focused',
      text: 'I know how hail claims work and I meet your adjuster in person. On an approved claim, you pay just your deductible.',
      icon: 'file',
    },
    {
      title: 'No High Pressure',
      text: 'No sign-today deals and no scare tactics. I show you what I find and let you decide.',
      icon: 'handshake',
    },
    {
      title: 'Quality First',
      text: 'Quality materials, proper flashing and careful installation, because I want your roof to outlast the next storm.',
      icon: 'award',
    },
    {
      title: 'Clear Communication',
      text: 'You get my cell number and straight answers. You will always know what happens next.',
      icon: 'message',
    },
  ],
}

/** /about: values. */
export const ABOUT_VALUES: Block<ContentCard> = {
  eyebrow: 'My values',
  title: 'What I Stand For',
  items: [
    {
      title: 'Honesty',
      text: 'If your roof does not need replacing, I will tell you. My reputation matters more than any single job.',
      icon: 'shield-check',
    },
    {
      title: 'Communication',
      text: 'Calls returned the same day, updates at every step and answers in plain language.',
      icon: 'message',
    },
    {
      title: "Doing What's Right",
      text: 'Treating your home like my own, even when nobody is watching.',
      icon: 'heart',
    },
  ],
}

/** The three photos of 'See My Work'. */
export const WORK_PHOTOS: Block<WorkPhoto> = {
  eyebrow: 'On the job',
  title: 'See My Work',
  intro: 'From the first inspection to the final nail, this is what working with me looks like.',
  items: [
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
  ],
}
