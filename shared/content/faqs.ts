/**
 * Questions and answers. FAQS is the /faqs page's twelve, in their fixed order; its FAQPage
 * JSON-LD is built from the same records.
 * Colorado law forbids offering to pay, waive or rebate a deductible: the copy only ever
 * says the homeowner pays just their deductible.
 */
import type { Block, ContentCard, FaqItem } from './types'
import { FACTS } from '../business'

const FAQ_DURATION: FaqItem = {
  question: 'How long does a roof replacement take?',
  answer: `Most roof replacements take ${FACTS.installDaysFaq}, depending on the size and pitch of the roof and the weather. We tell you the schedule in advance and keep you updated each day.`,
}
const FAQ_INSURANCE: FaqItem = {
  question: 'Will my insurance cover a new roof?',
  answer:
    'Most homeowner policies cover sudden damage from hail and wind. Coverage depends on your policy, so we inspect the roof, document the damage and help you understand your claim. When a claim is approved, you pay just your deductible.',
}
const FAQ_CLASS4: FaqItem = {
  question: 'What are Class 4 impact-resistant shingles?',
  answer: `Class 4 is the highest impact rating a shingle can earn: it withstands a 2-inch steel ball dropped from 20 feet without cracking. Many insurers reward them with premium reductions of up to ${FACTS.premiumReductionPercent}%.`,
}
const FAQ_FREE_INSPECTION: FaqItem = {
  question: 'Are your roof inspections really free?',
  answer: `Yes. Inspections are completely free with no obligation. We schedule within ${FACTS.inspectionWindow}, often the same day, and you keep the photo report whatever you decide.`,
}
const FAQ_COST: FaqItem = {
  question: 'How much does a new roof cost?',
  answer: `A full roof replacement in the Denver metro area typically costs ${FACTS.costRange}, depending on size, pitch and materials. If storm damage is covered by your insurance, you pay just your deductible.`,
}
const FAQ_WARRANTY: FaqItem = {
  question: 'What warranty comes with a new roof?',
  answer: `Shingle manufacturers typically warrant their products for ${FACTS.manufacturerWarrantyFaq}, and we stand behind our own workmanship. We register your warranty and give you the paperwork at the final walkthrough.`,
}
const FAQ_ADJUSTERS: FaqItem = {
  question: 'Do you work with insurance adjusters?',
  answer:
    'Yes. We meet your adjuster at your home, walk the roof together and point out every area of damage, so the estimate reflects the real repair.',
}
const FAQ_PERMITS: FaqItem = {
  question: 'Do you pull the permits?',
  answer:
    'Yes. We pull every permit your city requires and schedule the inspections, so your new roof is fully up to code.',
}
const FAQ_RAIN: FaqItem = {
  question: 'What happens if it rains during my roof replacement?',
  answer:
    'We watch the forecast closely and only tear off what we can dry in the same day. If weather rolls in, your roof is covered with underlayment and tarps so your home stays dry.',
}
const FAQ_START: FaqItem = {
  question: 'How soon can you start?',
  answer: `Inspections happen within ${FACTS.inspectionWindow}, often the same day. If your roof is leaking, we put up an emergency tarp within ${FACTS.emergencyTarpHours} hours, and we schedule the full job as soon as the claim is approved.`,
}
const FAQ_FINANCING: FaqItem = {
  question: 'Do you offer financing?',
  answer:
    'Yes. For work that insurance does not cover, we offer financing options with simple monthly payments. We explain every term clearly before you sign anything.',
}
const FAQ_AREAS: FaqItem = {
  question: 'What areas do you serve?',
  answer:
    'We serve the whole Denver metro area, including Denver, Aurora, Broomfield, Thornton, Parker, Castle Rock and all the surrounding cities.',
}

/** The 12 questions of /faqs, in their fixed order. */
export const FAQS: FaqItem[] = [
  FAQ_DURATION,
  FAQ_INSURANCE,
  FAQ_CLASS4,
  FAQ_FREE_INSPECTION,
  FAQ_COST,
  FAQ_WARRANTY,
  FAQ_ADJUSTERS,
  FAQ_PERMITS,
  FAQ_RAIN,
  FAQ_START,
  FAQ_FINANCING,
  FAQ_AREAS,
]

/** /faqs: the section of all the questions. */
export const FAQ_PAGE: Block<FaqItem> = {
  eyebrow: 'FAQs',
  title: 'Frequently Asked Questions',
  intro: `The ${FAQS.length} questions Denver homeowners ask us most.`,
  items: FAQS,
}

/** Home page: 3 FAQs. */
export const HOME_FAQS: Block<FaqItem> = {
  eyebrow: 'Questions',
  title: 'Frequently Asked Questions',
  items: [FAQ_FREE_INSPECTION, FAQ_INSURANCE, FAQ_DURATION],
}

/** /insurance-claims: 6 FAQs. */
export const INSURANCE_FAQS: Block<FaqItem> = {
  eyebrow: 'Questions',
  title: 'Insurance Claim FAQs',
  items: [
    {
      question: 'How long does an insurance claim take?',
      answer: `Typical processing takes ${FACTS.claimProcessing} from filing to approval, depending on your insurer and how busy adjusters are after a storm.`,
    },
    {
      question: 'Is there a deadline for filing a claim?',
      answer: `Often, yes. Some policies require you to file within ${FACTS.claimFilingLimit} of the date of loss, so it pays to have your roof inspected soon after a storm.`,
    },
    FAQ_ADJUSTERS,
    {
      question: 'Will filing a claim raise my premium?',
      answer:
        'Hail and wind claims are usually treated as acts of nature rather than at-fault claims. Your agent can tell you how your policy handles them.',
    },
    {
      question: 'What if my claim is denied?',
      answer:
        'We review the decision with you and, where the damage supports it, ask for a re-inspection with fresh photos and documentation.',
    },
    {
      question: 'What will I pay out of pocket?',
      answer:
        'When your claim is approved, you pay just your deductible. Any upgrades you choose beyond the approved scope are quoted to you in writing first.',
    },
  ],
}

/** /contact: the four Common Questions. */
export const CONTACT_QUESTIONS: Block<FaqItem> = {
  eyebrow: 'Good to know',
  title: 'Common Questions',
  items: [
    {
      question: 'How quickly can you inspect my roof?',
      answer: `We schedule inspections within ${FACTS.inspectionWindow}, often the same day.`,
    },
    {
      question: 'Is the roof inspection free?',
      answer: 'Yes. Every inspection is completely free, with no obligation and no pressure.',
    },
    {
      question: 'Will my insurance cover the damage?',
      answer:
        'Coverage depends on your policy. We document the damage and walk you through your claim so you know where you stand.',
    },
    {
      question: 'Which areas do you serve?',
      answer: 'We serve the whole Denver metro area, including all surrounding cities.',
    },
  ],
}

/** /faqs: three 'Quick Roofing Tips'. */
export const QUICK_TIPS: Block<ContentCard> = {
  eyebrow: 'Before you call',
  title: 'Quick Roofing Tips',
  items: [
    {
      icon: 'hail',
      title: 'Inspect After Storms',
      text: `Hail damage is often invisible from the ground. Have your roof inspected after every major storm, ideally within ${FACTS.stormPriorityHours} hours.`,
    },
    {
      icon: 'wrench',
      title: "Don't Delay Repairs",
      text: 'A small leak becomes rotted decking and damaged ceilings. Early repairs cost less, and some policies limit how long you have to file.',
    },
    {
      icon: 'file',
      title: 'Know Your Insurance',
      text: 'Read your policy for your deductible, filing deadlines and whether it pays replacement cost or actual cash value.',
    },
  ],
}
