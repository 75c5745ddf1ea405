/**
 * Service and feature cards, with the headings of their sections (docs/content.md). Icons are
 * named here and drawn by client/components/ui/icons.tsx, so this module stays free of React.
 */
import { ROUTES } from '../routes'
import { countInWords } from './count-in-words'
import type { Block, ContentCard, KeyFact, WorkPhoto } from './types'
import { FACTS } from '../business'

/** Home: the four services, each linking to its page. */
export const HOME_SERVICES: Block<ContentCard> = {
  eyebrow: 'What we do',
  title: 'Our Roofing Services',
  intro: 'From the first inspection to the final walkthrough, one local team handles your roof.',
  items: [
    {
      title: 'Roof Inspection',
      text: `A free, detailed inspection within ${FACTS.inspectionWindow}, often the same day, with photos of every sign of damage.`,
      icon: 'search',
      href: ROUTES.roofInspection.path,
    },
    {
      title: 'Roof Repair',
      text: `Hail, wind and flashing repairs done right, with emergency tarping within ${FACTS.emergencyTarpHours} hours when water gets in.`,
      icon: 'wrench',
      href: ROUTES.roofRepair.path,
    },
    {
      title: 'Roof Replacement',
      text: `A complete new roof, typically installed in ${FACTS.installDaysServices}, with Class 4 impact-resistant shingle options.`,
      icon: 'home',
      href: ROUTES.roofReplacement.path,
    },
    {
      title: 'Solar Detach & Reset',
      text: 'Your solar panels safely removed, stored and reinstalled so your roof can be repaired or replaced.',
      icon: 'sun',
      href: ROUTES.solarDetachReset.path,
    },
  ],
}

/** /residential-roofing: three service cards, each with a Learn More link. */
export const RESIDENTIAL_SERVICES: Block<ContentCard> = {
  eyebrow: 'Our services',
  title: 'Roofing Services for Your Home',
  intro: 'One local team for every part of your roof.',
  items: [
    {
      title: 'Roof Inspection',
      text: 'Free, thorough inspections that document hail and wind damage for your insurance claim.',
      icon: 'search',
      href: ROUTES.roofInspection.path,
    },
    {
      title: 'Roof Replacement',
      text: 'Complete replacements with quality materials, clean job sites and a final walkthrough.',
      icon: 'home',
      href: ROUTES.roofReplacement.path,
    },
    {
      title: 'Solar Detach & Reset',
      text: 'Safe removal and reinstallation of your solar panels before and after roof work.',
      icon: 'sun',
      href: ROUTES.solarDetachReset.path,
    },
  ],
}

/** /residential-roofing: the photo beside 'Roof Repair or Replacement?'. */
export const REPAIR_OR_REPLACE_PHOTO: WorkPhoto = {
  src: '/uploads/about/crew-installing-shingles.svg',
  alt: 'Two roofers in orange safety helmets installing new shingles on a pitched roof',
  caption: 'Repair or replace, our own crew does the work.',
}

/** /residential-roofing: four benefit cards. */
export const RESIDENTIAL_BENEFITS: Block<ContentCard> = {
  eyebrow: 'The difference',
  title: 'Why Homeowners Choose Us',
  items: [
    {
      title: 'Just Your Deductible',
      text: 'When your insurance claim is approved, you pay just your deductible for a complete new roof.',
      icon: 'dollar',
    },
    {
      title: 'Free Class 4 Shingle Upgrade',
      text: `Impact-resistant Class 4 shingles at no extra cost, which can cut your insurance premiums by up to ${FACTS.premiumReductionPercent}%.`,
      icon: 'shield-check',
    },
    {
      title: 'Lifetime Protection',
      text: 'Manufacturer-backed warranties and our own workmanship guarantee protect your home for years to come.',
      icon: 'award',
    },
    {
      title: 'Clean Job Sites',
      text: 'Tarps over your landscaping, magnetic nail sweeps and every bit of debris hauled away.',
      icon: 'broom',
    },
  ],
}

/** /roof-inspection: three inspection types. */
export const INSPECTION_TYPES: Block<ContentCard> = {
  eyebrow: 'Inspection types',
  title: 'The Right Inspection for Your Situation',
  intro: 'Whether you just had a storm, are buying a home or want peace of mind, we have you covered.',
  items: [
    {
      title: 'Insurance Claim Inspection',
      text: 'After hail or wind, we photograph and document every sign of damage so your claim has the evidence it needs.',
      icon: 'clipboard',
    },
    {
      title: 'Pre-Purchase Inspection',
      text: 'Buying a home? Know the true condition and remaining life of the roof before you sign.',
      icon: 'home',
    },
    {
      title: 'Annual Maintenance Inspection',
      text: 'A yearly check catches loose flashing, worn seals and small leaks before they become big repairs.',
      icon: 'calendar',
    },
  ],
}

/** /roof-inspection: the signs a roof needs inspection (the heading counts them). */
export const INSPECTION_SIGNS: string[] = [
  `Your roof is over ${FACTS.inspectAgeYears} years old`,
  'A hail or wind storm recently passed through',
  'Missing, cracked or curling shingles',
  'Granules collecting in gutters or at downspouts',
  'Water stains on ceilings or in the attic',
  'Dented gutters, vents or window screens',
]

/** /roof-repair: repair types (hail, wind, flashing). */
export const REPAIR_TYPES: Block<ContentCard> = {
  eyebrow: 'What we repair',
  title: 'Roof Repairs We Handle',
  intro: 'Colorado weather is hard on roofs. We fix the damage it leaves behind.',
  items: [
    {
      title: 'Hail Damage Repair',
      text: 'Bruised, cracked and granule-stripped shingles replaced and matched to your roof, with full documentation for your claim.',
      icon: 'hail',
    },
    {
      title: 'Wind Damage Repair',
      text: 'Lifted, creased and missing shingles re-secured or replaced before the next storm drives water underneath.',
      icon: 'wind',
    },
    {
      title: 'Flashing Repair',
      text: 'Leaks around chimneys, skylights, vents and walls sealed with new flashing that keeps water out for good.',
      icon: 'flashing',
    },
  ],
}

/** /roof-replacement: benefits of a new roof. */
export const REPLACEMENT_BENEFITS: Block<ContentCard> = {
  eyebrow: 'Why replace',
  title: 'Benefits of a New Roof',
  intro: "A new roof protects your family, your budget and your home's value.",
  items: [
    {
      title: 'Adds Home Value',
      text: `A new roof may add up to ${FACTS.homeValueAdd} in home value and is one of the first things buyers notice.`,
      icon: 'dollar',
    },
    {
      title: 'Hail Protection',
      text: `Class 4 impact-resistant shingles stand up to Colorado hail and can cut premiums by up to ${FACTS.premiumReductionPercent}%.`,
      icon: 'shield-check',
    },
    {
      title: 'Long Warranties',
      text: `Shingle warranties of ${FACTS.shingleWarrantyServices}, backed by our own workmanship guarantee.`,
      icon: 'award',
    },
    {
      title: 'Fast Installation',
      text: `Most replacements are installed in ${FACTS.installDaysServices}, with a clean site at the end of every day.`,
      icon: 'clock',
    },
  ],
}

/** /roof-replacement: the band of key facts under the hero. */
export const REPLACEMENT_KEY_FACTS: KeyFact[] = [
  { value: FACTS.installDaysServices, label: 'Typical installation' },
  { value: FACTS.shingleWarrantyServices, label: 'Shingle warranties' },
  { value: `Up to ${FACTS.homeValueAdd}`, label: 'Added home value' },
  { value: `Up to ${FACTS.premiumReductionPercent}%`, label: 'Premium savings with Class 4' },
]

/** /roof-replacement: signs a new roof is needed. */
export const REPLACEMENT_SIGNS: string[] = [
  `Your roof is more than ${FACTS.repairAgeYears} years old and has storm damage`,
  `Repair costs would exceed ${FACTS.repairCostThresholdPercent}% of the replacement value`,
  'Widespread hail bruising or granule loss',
  'Sagging areas or soft decking underfoot',
  'Repeated leaks in different places',
  'Daylight visible through the attic boards',
]

/** /solar-detach-reset: three services. */
export const SOLAR_SERVICES: Block<ContentCard> = {
  eyebrow: 'What we do',
  title: 'Our Solar Services',
  intro: 'Everything needed to work on a roof with solar panels, handled by one team.',
  items: [
    {
      title: 'Solar Panel Removal',
      text: 'Panels, racking and wiring disconnected safely and labelled so everything goes back exactly where it was.',
      icon: 'bolt',
    },
    {
      title: 'Secure Storage',
      text: 'Your panels are stored safely while we repair or replace the roof underneath them.',
      icon: 'warehouse',
    },
    {
      title: 'Reinstallation & Testing',
      text: 'Panels reinstalled on new, properly flashed mounts and tested so your system produces power again.',
      icon: 'sun',
    },
  ],
}

/** /solar-detach-reset: four reasons to choose us. */
export const SOLAR_REASONS: Block<ContentCard> = {
  eyebrow: 'Why choose us',
  title: 'Why Homeowners Trust Us With Their Solar',
  items: [
    {
      title: 'One Team, One Schedule',
      text: 'Roofing and solar handled together, so there is no juggling contractors or waiting between trades.',
      icon: 'calendar',
    },
    {
      title: 'Leak-Free Mounts',
      text: 'New flashing at every penetration, so the mounts that hold your panels never let water in.',
      icon: 'shield-check',
    },
    {
      title: 'Insurance Know-How',
      text: 'When a storm damaged the roof, we include the solar detach and reset in the claim documentation.',
      icon: 'file',
    },
    {
      title: 'Careful Handling',
      text: 'Your panels are photographed, labelled and handled with care from removal to reset.',
      icon: 'heart',
    },
  ],
}

/** /insurance-claims: four benefits. */
export const INSURANCE_BENEFITS: Block<ContentCard> = {
  eyebrow: 'Why work with us',
  title: 'Benefits of Working With an Insurance-Focused Roofer',
  intro: `We have worked with ${countInWords(FACTS.insuranceCarrierCount)} national insurance carriers and know what each one needs to see.`,
  items: [
    {
      title: 'Just Your Deductible',
      text: 'When your claim is approved, you pay just your deductible for the covered work.',
      icon: 'dollar',
    },
    {
      title: 'Adjuster Meetings',
      text: 'We meet your adjuster on the roof so every area of damage is seen and counted.',
      icon: 'handshake',
    },
    {
      title: 'Complete Documentation',
      text: 'Photos and a detailed report that give your claim the evidence it needs.',
      icon: 'clipboard',
    },
    {
      title: 'Clear Communication',
      text: 'You always know where your claim stands and what happens next.',
      icon: 'message',
    },
  ],
}

/** The four kinds of hail damage: on /hail-damage, and on /resources linking there. */
const HAIL_DAMAGE_KINDS: ContentCard[] = [
  {
    title: 'Granule Loss',
    text: 'Hail knocks the protective granules off shingles, leaving dark bald spots that age fast in the Colorado sun.',
    icon: 'hail',
  },
  {
    title: 'Exposed Mat or Decking',
    text: 'Hard impacts can break through to the fibreglass mat or the wood decking, opening a path for leaks.',
    icon: 'home',
  },
  {
    title: 'Cracked or Split Shingles',
    text: 'Large hail cracks and splits shingles, especially older or brittle ones, letting water work underneath.',
    icon: 'flashing',
  },
  {
    title: 'Damaged Gutters and Downspouts',
    text: 'Dents in gutters, downspouts and vents are a tell-tale sign the roof above took hits too.',
    icon: 'wind',
  },
]

/** /hail-damage: the four damage types. */
export const HAIL_DAMAGE_TYPES: Block<ContentCard> = {
  eyebrow: 'What to look for',
  title: `${HAIL_DAMAGE_KINDS.length} Types of Hail Damage`,
  intro: 'These are the signs our inspectors document for your insurance claim.',
  items: HAIL_DAMAGE_KINDS,
}

/** /resources: the same four, each card linking to /hail-damage. */
export const RESOURCES_HAIL_SIGNS: Block<ContentCard> = {
  eyebrow: 'Hail damage guide',
  title: 'Know the Signs of Hail Damage',
  intro: `Hail damage is often invisible from the ground. These are the ${countInWords(HAIL_DAMAGE_KINDS.length)} signs we look for.`,
  items: HAIL_DAMAGE_KINDS.map((card) => ({ ...card, href: ROUTES.hailDamage.path })),
}

/** /hail-damage: the photo beside 'Act Fast After a Hail Storm'. */
export const HAIL_DAMAGE_PHOTO: WorkPhoto = {
  src: '/uploads/about/inspecting-hail-damage.svg',
  alt: 'Hail impacts on asphalt shingles circled during an inspection, with a 2-inch hail size label',
  caption: 'Hail hits are easy to miss from the ground.',
}

/** /resources: three question cards linking to /faqs. */
export const RESOURCE_QUESTIONS: Block<ContentCard> = {
  eyebrow: 'Roof FAQs',
  title: 'Common Questions',
  intro: 'Quick answers to what homeowners ask us most.',
  items: [
    {
      title: 'Will my insurance cover a new roof?',
      text: 'Coverage depends on your policy. Learn how storm claims usually work.',
      icon: 'file',
      href: ROUTES.faqs.path,
    },
    {
      title: 'How long does a replacement take?',
      text: 'Most roofs are replaced in a few days. See what to expect.',
      icon: 'clock',
      href: ROUTES.faqs.path,
    },
    {
      title: 'What are Class 4 shingles?',
      text: `Impact-resistant shingles that can lower premiums by up to ${FACTS.premiumReductionPercent}%.`,
      icon: 'shield-check',
      href: ROUTES.faqs.path,
    },
  ],
}
