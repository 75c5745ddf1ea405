/**
 * The third spam corpus: scripts that learned the form. Each fetches one form token from
 * GET /api/form-token, waits some seconds so the timing looks human, and posts pitch after
 * pitch with that one token. The pitches carry no link and little of the old spam vocabulary,
 * as most contact-form pitches today do, and come from San Francisco with 415 numbers. Half
 * the scripts ask for their token as a browser would (with same-origin fetch metadata and a
 * Referer of the site), half as a plain HTTP client; a few addresses name no state or ZIP code.
 *
 * Written for these tests, apart from the classifier's starter corpus
 * (core/spam/starter-corpus.ts), so the figures measure the classifier on texts it never saw.
 * Names and numbers are made up (555-01xx).
 */
import type { TokenState } from '../../core/spam/evidence'
import type { CorpusEntry } from './lead-corpus'

/** Seconds a script waits after fetching its token, so its first post is not "instant". */
export const SCRIPT_WAIT_MS = 6_000

export interface ScriptRun {
  /** What the script is, in words. */
  label: string
  /** Whether it asks for the token with a browser's headers (Sec-Fetch-Site, Referer). */
  browserHeaders: boolean
  posts: CorpusEntry[]
}

function pitch(label: string, fields: CorpusEntry['fields']): CorpusEntry {
  return { label, fields, arrival: 'direct-post' }
}

export const SCRIPT_RUNS: ScriptRun[] = [
  {
    label: 'agency script, plain client',
    browserHeaders: false,
    posts: [
      pitch('SEO agency', {
        firstName: 'Jordan',
        lastName: 'Ellis',
        email: 'jordan.ellis.growth@gmail.com',
        phone: '(415) 555-0121',
        address: '535 Mission St, San Francisco, CA 94105',
        message:
          'Hey there, I looked up roofers near Denver and your company did not come up until the third page. My team gets contractors onto the first page and keeps them there. Worth a short chat?',
      }),
      pitch('lead seller', {
        firstName: 'Tara',
        lastName: 'Quinn',
        email: 'tara.quinn.leads@gmail.com',
        phone: '415-555-0133',
        address: '101 California St, San Francisco, CA 94111',
        message:
          'We send roofing companies homeowners who already asked for an estimate, billed only per booked appointment. Several crews in Colorado use us. Shall I hold your territory?',
      }),
      pitch('virtual assistant', {
        firstName: 'Camille',
        lastName: 'Reyes',
        email: 'camille.assist@gmail.com',
        phone: '(415) 555-0154',
        address: '1 Market St, San Francisco, CA 94105',
        message:
          'Hi! Are you still answering every call yourself? Our trained remote assistants pick up the phone, book inspections into your calendar and chase unpaid invoices, starting at 9 dollars an hour.',
      }),
      pitch('loan broker', {
        firstName: 'Derek',
        lastName: 'Lawson',
        email: 'derek.lawson.capital@gmail.com',
        phone: '+1 415 555 0167',
        address: '455 Market St, San Francisco, CA 94105',
        message:
          'Your company is pre-approved for a revenue based advance of up to 150,000 with funds in 48 hours. No personal guarantee needed. Just reply yes and I will send the agreement.',
      }),
      pitch('website speed fix', {
        firstName: 'Noah',
        lastName: 'Sterling',
        email: 'noah.sterling.web@gmail.com',
        phone: '415.555.0189',
        address: '600 Montgomery St, San Francisco, CA 94111',
        message:
          'I ran your homepage through a speed test and it took over eight seconds on a phone. Most visitors leave before it finishes. I can make it load in under two seconds this week for a flat price.',
      }),
    ],
  },
  {
    label: 'services script, browser headers',
    browserHeaders: true,
    posts: [
      pitch('review management', {
        firstName: 'Maya',
        lastName: 'Fontaine',
        email: 'maya.fontaine@outlook.com',
        phone: '(415) 555-0102',
        address: '2200 Mission St, San Francisco, CA 94110',
        message:
          'Hello, your business has fewer reviews than the other roofers around you. Our platform texts every finished customer a review request automatically. Can I set up a free month for you?',
      }),
      pitch('AI answering service', {
        firstName: 'Ethan',
        lastName: 'Kline',
        email: 'ethan.kline.ai@gmail.com',
        phone: '415-555-0143',
        address: '88 Kearny St, San Francisco, CA 94108',
        message:
          'Missed calls are missed jobs. Our voice assistant answers your line day and night, qualifies the caller and books them straight onto your schedule. Happy to give you a live demo.',
      }),
      pitch('video production', {
        firstName: 'Lena',
        lastName: 'Marsh',
        email: 'lena.marsh.studio@gmail.com',
        phone: '(415) 555-0158',
        address: '3450 Sacramento St, San Francisco, CA 94118',
        message:
          'We film short customer story videos for contractors and cut them for ads and social posts. Our clients get more bookings from the same budget. Would you like to see a sample reel?',
      }),
      pitch('bookkeeping', {
        firstName: 'Oscar',
        lastName: 'Pham',
        email: 'oscar.pham.books@gmail.com',
        phone: '415 555 0172',
        address: '221 Main St, San Francisco, CA 94105',
        message:
          'Bookkeeping for trades businesses, done by certified accountants for a fixed monthly fee. We reconcile your accounts, handle payroll and prepare everything for tax time. Free consultation this month.',
      }),
      pitch('recruiting', {
        firstName: 'Grace',
        lastName: 'Whitman',
        email: 'grace.whitman.talent@gmail.com',
        phone: '(415) 555-0186',
        address: '50 Fremont St, San Francisco, CA 94105',
        message:
          'Are you hiring for the busy season? We recruit experienced sales reps and project managers for roofing companies and only charge when someone is hired. Let me know how many positions you have open.',
      }),
    ],
  },
  {
    label: 'finance script, plain client',
    browserHeaders: false,
    posts: [
      pitch('merchant services', {
        firstName: 'Victor',
        lastName: 'Osei',
        email: 'victor.osei.pay@gmail.com',
        phone: '(415) 555-0114',
        address: '333 Bush St, San Francisco, CA 94104',
        message:
          'Quick question for the owner: how much are you paying in card processing fees? We usually cut that bill by a third for contractors, with no new hardware. I can send a savings estimate if you share a recent statement.',
      }),
      pitch('equipment financing', {
        firstName: 'Priscilla',
        lastName: 'Huang',
        email: 'priscilla.huang.lending@gmail.com',
        phone: '415-555-0127',
        address: '1 Sansome St, San Francisco, CA 94104',
        message:
          'Need a new truck or trailer for your crew? We finance work vehicles and equipment for small companies with approval in one day and fixed monthly payments.',
      }),
      pitch('business insurance', {
        firstName: 'Kyle',
        lastName: 'Brennan',
        email: 'kyle.brennan.cover@gmail.com',
        phone: '(415) 555-0138',
        address: '150 Spear St, San Francisco, CA 94105',
        message:
          'Contractors in your state are overpaying for general liability and workers comp. We compare over twenty carriers and most of our clients save money at renewal. When does your policy renew?',
      }),
      pitch('tax credit consultant', {
        firstName: 'Monica',
        lastName: 'Dwyer',
        email: 'monica.dwyer.credits@gmail.com',
        phone: '415.555.0149',
        address: '44 Montgomery St, San Francisco, CA 94104',
        message:
          'Many small employers still have not claimed the payroll tax credits they qualify for. We file the paperwork for you and our fee comes only from the refund. Do you have more than five employees?',
      }),
      pitch('payroll software', {
        firstName: 'Adrian',
        lastName: 'Cole',
        email: 'adrian.cole.hr@gmail.com',
        phone: '(415) 555-0161',
        address: '405 Howard St, San Francisco',
        message:
          'Our payroll app lets your crew clock in from the job site and pays them automatically every Friday. Setup takes ten minutes and the first three months are on us.',
      }),
    ],
  },
  {
    label: 'marketing script, browser headers',
    browserHeaders: true,
    posts: [
      pitch('social media management', {
        firstName: 'Bianca',
        lastName: 'Torres',
        email: 'bianca.torres.social@gmail.com',
        phone: '(415) 555-0105',
        address: '901 Market St, San Francisco, CA 94103',
        message:
          'Your pages have not posted anything in months. We create and publish posts for home improvement brands every week and answer comments for you. Can I put together a content plan for your company?',
      }),
      pitch('pay-per-click management', {
        firstName: 'Leo',
        lastName: 'Fischer',
        email: 'leo.fischer.ads@gmail.com',
        phone: '415-555-0116',
        address: '2 Embarcadero Center, San Francisco, CA 94111',
        message:
          'I noticed you are running search ads but sending them to your home page. We build dedicated landing pages and manage the bids so every dollar brings more calls. Open to a free account review?',
      }),
      pitch('directory listing', {
        firstName: 'Hazel',
        lastName: 'Morgan',
        email: 'hazel.morgan.listings@gmail.com',
        phone: '(415) 555-0129',
        address: '760 Market St, San Francisco, CA 94102',
        message:
          'Your company was selected to be listed among the most trusted contractors of 2025. Claim your featured profile and badge for your website before the deadline on Friday.',
      }),
      pitch('mailers and door hangers', {
        firstName: 'Isaac',
        lastName: 'Bauer',
        email: 'isaac.bauer.print@gmail.com',
        phone: '415 555 0131',
        address: '1455 Market St, San Francisco, CA 94103',
        message:
          'We print and deliver storm mailers and door hangers to the neighborhoods hit by hail, usually within three days of the storm. Want a quote for the next one?',
      }),
      pitch('content writing', {
        firstName: 'Ruby',
        lastName: 'Castillo',
        email: 'ruby.castillo.words@gmail.com',
        phone: '(415) 555-0152',
        address: '580 California St, San Francisco',
        message:
          'I write blog articles and service pages for roofing companies so they show up for more searches in their area. Four articles a month, fixed price, you approve every one before it goes live.',
      }),
    ],
  },
  {
    label: 'partnership script, plain client',
    browserHeaders: false,
    posts: [
      pitch('solar partnership', {
        firstName: 'Dylan',
        lastName: 'Archer',
        email: 'dylan.archer.solar@gmail.com',
        phone: '(415) 555-0163',
        address: '235 2nd St, San Francisco, CA 94105',
        message:
          'We are a solar installer looking for roofing partners in Colorado. We refer you the reroofs that come before our installs, and you refer us your customers interested in panels. Interested in talking?',
      }),
      pitch('app development', {
        firstName: 'Sofia',
        lastName: 'Bergstrom',
        email: 'sofia.bergstrom.apps@gmail.com',
        phone: '415-555-0174',
        address: '300 Beale St, San Francisco, CA 94105',
        message:
          'Have you thought about your own customer app, where homeowners book inspections, see photos and pay invoices? We build them for service companies in about six weeks.',
      }),
      pitch('CRM software', {
        firstName: 'Marco',
        lastName: 'Vidal',
        email: 'marco.vidal.crm@gmail.com',
        phone: '(415) 555-0185',
        address: '525 Brannan St, San Francisco, CA 94107',
        message:
          'Still tracking estimates in spreadsheets? Our CRM was built for roofers: measurements, proposals, e-signatures and follow-up reminders in one place. Can I send you a two-week trial?',
      }),
      pitch('award scheme', {
        firstName: 'Elise',
        lastName: 'Grant',
        email: 'elise.grant.awards@gmail.com',
        phone: '415.555.0196',
        address: '1 Ferry Building, San Francisco',
        message:
          'Congratulations, your company has been nominated for our regional excellence award. To confirm your nomination and receive the winner kit, please reply with the name of the owner.',
      }),
      pitch('staffing agency', {
        firstName: 'Tobias',
        lastName: 'Keane',
        email: 'tobias.keane.staff@gmail.com',
        phone: '(415) 555-0104',
        address: '33 New Montgomery St, San Francisco, CA 94105',
        message:
          'We supply vetted laborers and crew leads on short notice, by the day or the week. When the next storm brings a rush of work you will not have to turn jobs away.',
      }),
    ],
  },
  {
    label: 'growth script, browser headers',
    browserHeaders: true,
    posts: [
      pitch('data list seller', {
        firstName: 'Nadia',
        lastName: 'Petrova',
        email: 'nadia.petrova.data@gmail.com',
        phone: '(415) 555-0118',
        address: '345 Spear St, San Francisco, CA 94105',
        message:
          'We have an updated list of Colorado homeowners whose roofs are older than fifteen years, with phone numbers and emails. Available for a one time price. Should I send you a sample of fifty records?',
      }),
      pitch('logo and branding', {
        firstName: 'Felix',
        lastName: 'Ortiz',
        email: 'felix.ortiz.brand@gmail.com',
        phone: '415-555-0125',
        address: '1160 Mission St, San Francisco, CA 94103',
        message:
          'Your logo and truck wraps could look a lot more professional. Our designers refresh brands for contractors in two weeks, including business cards and yard signs. Want to see some before and after examples?',
      }),
      pitch('website redesign, no link', {
        firstName: 'Chloe',
        lastName: 'Brandt',
        email: 'chloe.brandt.sites@gmail.com',
        phone: '(415) 555-0136',
        address: '685 Market St, San Francisco, CA 94105',
        message:
          'Your site looks a little dated compared with your competitors. We rebuild contractor sites on a modern platform with online booking and instant quotes. Can I send over a free mockup?',
      }),
      pitch('podcast guest', {
        firstName: 'Henry',
        lastName: 'Lindgren',
        email: 'henry.lindgren.show@gmail.com',
        phone: '415 555 0147',
        address: '650 Townsend St, San Francisco',
        message:
          'I host a podcast for owners of trade businesses and would love to feature you as a guest. There is a small production fee that covers editing and promotion to our audience of forty thousand.',
      }),
      pitch('chat widget', {
        firstName: 'Iris',
        lastName: 'Montague',
        email: 'iris.montague.chat@gmail.com',
        phone: '(415) 555-0159',
        address: '100 Pine St, San Francisco, CA 94111',
        message:
          'Most visitors to your website leave without calling. Our live chat team greets them, answers questions and hands you the contact details of everyone who wants an estimate. Would you like a free week?',
      }),
    ],
  },
]

/**
 * The token each post of a run brings: the one the script fetched, sent SCRIPT_WAIT_MS after it
 * was issued and a few seconds more for each post; the first post uses it for the first time,
 * the others again.
 */
export function scriptTokens(run: ScriptRun): TokenState[] {
  return run.posts.map((_, i) => ({
    state: 'valid',
    elapsedMs: SCRIPT_WAIT_MS + i * 2_000,
    use: i === 0 ? 'first' : 'again',
    fromPage: run.browserHeaders,
  }))
}
