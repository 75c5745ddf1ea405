/**
 * Numbered process steps (number, title, description), one block per page that shows a
 * process. Durations in the copy come from FACTS (docs/content.md).
 */
import type { Block, ProcessStep, SectionCopy } from './types'
import { FACTS } from '../business'

/** A process section: its steps numbered in order, and its heading, which may name how many there are. */
function processSection(
  copy: (stepCount: number) => SectionCopy,
  items: [title: string, description: string][],
): Block<ProcessStep> {
  return {
    ...copy(items.length),
    items: items.map(([title, description], i) => ({ step: i + 1, title, description })),
  }
}

/** Home: the 5-step insurance process. */
export const INSURANCE_PROCESS_HOME: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'How it works',
    title: `Our ${n}-Step Insurance Process`,
    intro: 'We guide you through the claim from inspection to a finished roof. You pay just your deductible.',
  }),
  [
    [
      'Free Roof Inspection',
      `We inspect your roof within ${FACTS.inspectionWindow}, often the same day, and photograph every sign of hail and wind damage.`,
    ],
    [
      'File Your Claim',
      'We explain what we found and walk you through filing the claim with your insurance company.',
    ],
    [
      'Meet the Adjuster',
      'We meet your adjuster on the roof so no damage is missed and the estimate reflects the real repair.',
    ],
    [
      'Approval & Scheduling',
      'Once the claim is approved we order materials and schedule your roof at a time that suits you.',
    ],
    [
      'Your New Roof',
      'Our crew installs your roof, cleans up every nail and walks it with you. You pay just your deductible.',
    ],
  ],
)

/** /insurance-claims: 6 steps. */
export const INSURANCE_CLAIM_STEPS: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'How it works',
    title: `The ${n}-Step Claim Process`,
    intro: `Typical claim processing takes ${FACTS.claimProcessing}. Here is what happens along the way.`,
  }),
  [
    [
      'Free Inspection',
      `We inspect the roof, gutters, vents and siding within ${FACTS.inspectionWindow}, often the same day, and record the damage with photos.`,
    ],
    ['Damage Report', 'You get a clear, photo-documented report you can share with your insurance company.'],
    [
      'File the Claim',
      'You file the claim with your insurer; we show you what information they will ask for and when.',
    ],
    [
      'Adjuster Meeting',
      'We meet the adjuster at your home and point out every area of damage so nothing is overlooked.',
    ],
    [
      'Claim Approval',
      'We review the approved scope with you line by line and answer every question before any work starts.',
    ],
    [
      'Roof Replacement',
      `We install your new roof, typically in ${FACTS.installDaysServices}, then complete a final walkthrough. You pay just your deductible.`,
    ],
  ],
)

/** /roof-inspection: 4 steps. */
export const INSPECTION_STEPS: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'How it works',
    title: `Our ${n}-Step Inspection Process`,
    intro: 'Simple, quick and completely free.',
  }),
  [
    [
      'Schedule',
      `Request your free inspection online or by phone. We come out within ${FACTS.inspectionWindow}, often the same day.`,
    ],
    [
      'Inspect',
      'We check shingles, flashing, vents, gutters and the attic for hail, wind and age-related damage.',
    ],
    ['Document', 'Every problem is photographed and explained in a clear, written report you keep.'],
    [
      'Recommend',
      'We give you honest advice: no work needed, a simple repair, or a replacement that insurance may cover.',
    ],
  ],
)

/** /roof-repair: 6 steps. */
export const REPAIR_STEPS: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'How it works',
    title: `Our ${n}-Step Repair Process`,
    intro: 'From the first call to a watertight roof.',
  }),
  [
    [
      'Free Inspection',
      'We find the source of the problem, not just the symptom, and photograph what we see.',
    ],
    [
      'Emergency Protection',
      `If water is getting in, we put up a temporary tarp within ${FACTS.emergencyTarpHours} hours to protect your home.`,
    ],
    ['Clear Estimate', 'You get a written estimate with the repair explained in plain language.'],
    [
      'Insurance Support',
      'If the damage came from a storm, we document it for your claim and meet the adjuster.',
    ],
    ['Expert Repair', 'We match your shingles, reseal flashing and repair the decking where needed.'],
    ['Final Check', 'We clean up, inspect the repair with you and make sure it is watertight.'],
  ],
)

/** /roof-replacement: 6 steps. */
export const REPLACEMENT_STEPS: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'How it works',
    title: `Our ${n}-Step Replacement Process`,
    intro: 'Clear steps, no surprises, and a crew that respects your home.',
  }),
  [
    ['Free Inspection', 'We assess the whole roof and tell you honestly whether it needs replacing.'],
    [
      'Insurance & Estimate',
      'We document storm damage for your claim, or give you a clear written estimate if you are paying directly.',
    ],
    ['Choose Materials', 'You pick shingle style and colour, including Class 4 impact-resistant options.'],
    ['Permits & Scheduling', 'We pull the permits and schedule your installation around the weather.'],
    [
      'Installation',
      `Our crew tears off the old roof and installs the new one, typically in ${FACTS.installDaysServices}, protecting your yard throughout.`,
    ],
    [
      'Cleanup & Walkthrough',
      'We sweep for nails with magnets, haul away debris and walk the finished roof with you.',
    ],
  ],
)

/** /solar-detach-reset: 4 steps. */
export const SOLAR_STEPS: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'How it works',
    title: `Our ${n}-Step Solar Process`,
    intro: 'Careful from the first photo to the final test.',
  }),
  [
    [
      'Assess',
      'We inspect the roof and the solar array and photograph the system before anything is touched.',
    ],
    ['Detach', 'Panels and racking are disconnected safely, labelled and stored securely.'],
    ['Roof Work', 'We repair or replace the roof, adding new flashing and mounts where the panels sit.'],
    ['Reset', 'Panels are reinstalled, reconnected and tested so your system is producing power again.'],
  ],
)

/** /hail-damage: the inspection process. */
export const HAIL_INSPECTION_STEPS: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'How it works',
    title: `Our ${n}-Step Hail Inspection Process`,
    intro: 'From your first call to a claim-ready report.',
  }),
  [
    [
      `Contact Us Within ${FACTS.stormPriorityHours} Hours`,
      `Homeowners who reach us within ${FACTS.stormPriorityHours} hours of a storm get priority scheduling.`,
    ],
    [
      'Free Inspection',
      'We inspect shingles, vents, gutters and downspouts for every sign of hail impact, at no cost.',
    ],
    [
      'Detailed Report',
      'You receive a photo-documented report of the damage that you can share with your insurer.',
    ],
    ['Insurance Support', 'We meet your adjuster and guide you through the claim so nothing is missed.'],
  ],
)

/** /resources: the four-step insurance claim overview linking to /insurance-claims. */
export const RESOURCES_CLAIM_STEPS: Block<ProcessStep> = processSection(
  (n) => ({
    eyebrow: 'Insurance claims',
    title: `The Insurance Claim Process in ${n} Steps`,
    intro: 'From a free inspection to a new roof, here is the short version.',
  }),
  [
    ['Inspect', `A free roof inspection within ${FACTS.inspectionWindow}, often the same day.`],
    ['Document', 'Photos and a written report of every sign of storm damage.'],
    ['File & Meet the Adjuster', 'You file the claim and we meet the adjuster on your roof.'],
    [
      'Replace',
      `Your new roof goes on, typically in ${FACTS.installDaysServices}. You pay just your deductible.`,
    ],
  ],
)
