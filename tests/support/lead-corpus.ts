/**
 * Enquiries the spam score is tuned and measured on (core/spam/rules.ts, docs/spam.md):
 * GENUINE, what Denver-metro homeowners send, and SPAM, what bots send by posting straight to
 * the API or by filling the form the instant it appears. The third corpus, scripts that fetch
 * one form token and reuse it, is in script-corpus.ts.
 *
 * Every entry passes the site's own field validation (shared/lead-fields.ts), so the API would
 * store it: a spam entry refused with a 400 would prove nothing about the score. The unit test
 * checks that. Names, numbers (555-01xx) and addresses are made up. The texts were written for
 * these tests, apart from the classifier's starter corpus (core/spam/starter-corpus.ts): the
 * classifier is measured on texts it never learned from.
 */
import type { SpamEvidence, TokenState } from '../../core/spam/evidence'
import type { SpamModel } from '../../core/spam/classifier'
import { checkServiceArea } from '../../core/spam/service-area'
import { classifierText } from '../../core/spam/text'

/**
 * How an entry reaches the API: `form`, through the browser form at a person's speed;
 * `autofill`, through the form by a person whose browser filled every field, sent under 3 s;
 * `no-js`, a person's plain form post without JavaScript (no token); `direct-post`, a
 * curl-like JSON or form POST without the form token; `instant-fill`, a headless browser
 * filling the form in under a second.
 */
export type Arrival = 'form' | 'autofill' | 'no-js' | 'direct-post' | 'instant-fill'
export type GenuineArrival = Extract<Arrival, 'form' | 'autofill' | 'no-js'>

export interface CorpusEntry {
  label: string
  fields: SpamEvidence['fields']
  /** The honeypot (`website`) field's value, when a bot filled it. */
  honeypot?: string
  arrival: Arrival
}

/** Milliseconds between the form shown and sent: a person typing, autofill, a headless browser. */
export const HUMAN_ELAPSED_MS = 20_000
export const AUTOFILL_ELAPSED_MS = 1_800
export const INSTANT_ELAPSED_MS = 400

/** A token used for the first time, fetched by the page (as a browser does). */
function pageToken(elapsedMs: number): TokenState {
  return { state: 'valid', elapsedMs, use: 'first', fromPage: true }
}

/** The form token an entry's arrival brings. */
export function tokenOnArrival(arrival: Arrival): TokenState {
  switch (arrival) {
    case 'form':
      return pageToken(HUMAN_ELAPSED_MS)
    case 'autofill':
      return pageToken(AUTOFILL_ELAPSED_MS)
    case 'instant-fill':
      return pageToken(INSTANT_ELAPSED_MS)
    case 'no-js':
    case 'direct-post':
      return { state: 'missing' }
  }
}

/**
 * The spam evidence of an entry arriving with this token, as the web process gathers it
 * (core/spam/check.ts): where the address lies, and the classifier's probability when
 * a model is given.
 */
export function evidenceOf(entry: CorpusEntry, token: TokenState, model?: SpamModel): SpamEvidence {
  return {
    fields: entry.fields,
    ...(entry.honeypot !== undefined ? { honeypot: entry.honeypot } : {}),
    token,
    area: checkServiceArea(entry.fields.address),
    ...(model ? { spamProbability: model(classifierText(entry.fields)) } : {}),
  }
}

function genuine(
  label: string,
  fields: CorpusEntry['fields'],
  arrival: GenuineArrival = 'form',
): CorpusEntry {
  return { label, fields, arrival }
}

export const GENUINE: CorpusEntry[] = [
  genuine('hail dented gutters, insurance adjuster named', {
    firstName: 'Dana',
    lastName: 'Reyes',
    email: 'dana.reyes@gmail.com',
    phone: '(303) 555-0142',
    address: '1450 Elm Street, Denver, CO 80220',
    message:
      'hail last night dented the gutters, can someone come Tuesday? my insurance adjuster is State Farm',
  }),
  genuine('accented name, message in Spanish', {
    firstName: 'José',
    lastName: 'Martínez',
    email: 'jose.martinez82@gmail.com',
    phone: '303.555.0142',
    address: '4821 W 38th Ave, Denver, CO 80212',
    message:
      'Hola, el granizo de ayer rompió varias tejas y hay una gotera en la cocina. ¿Pueden venir a revisar el techo esta semana? Gracias',
  }),
  genuine('Vietnamese name, apartment number', {
    firstName: 'Thị Lan',
    lastName: 'Nguyễn',
    email: 'lan.nguyen@yahoo.com',
    phone: '+1 720 555 0199',
    address: '9087 E Arizona Ave Apt 3B, Aurora, CO 80012',
    message: 'water stain on ceiling after the storm. landlord said call roofer',
  }),
  genuine('hyphen and apostrophe, no message', {
    firstName: 'Mary-Ann',
    lastName: "O'Neil",
    email: 'maryann.oneil@comcast.net',
    phone: '720-555-0111',
    address: '2210 S Columbine St, Denver CO 80210',
    message: '',
  }),
  genuine('one photo link (Google Photos)', {
    firstName: 'Kevin',
    lastName: 'Ng',
    email: 'kevin.ng@icloud.com',
    phone: '3035550123',
    address: '16 Cherry Hills Farm Dr, Cherry Hills Village, CO 80113',
    message:
      'Pretty sure we have hail damage, a few shingles are cracked and the ridge cap is missing in one spot. pics here https://photos.app.goo.gl/Xy7AbcD3fGh12 ',
  }),
  genuine('one photo link (Dropbox), all lower case', {
    firstName: 'brian',
    lastName: 'kowalski',
    email: 'bkowalski@comcast.net',
    phone: '720 555 0187',
    address: '5560 s wadsworth blvd, littleton co 80123',
    message:
      'hi there roof got hammered in the storm sunday. here are some pictures www.dropbox.com/sh/a1b2c3/roofpics let me know',
  }),
  genuine('typos, leak into bedroom', {
    firstName: 'Tanya',
    lastName: 'Brooks',
    email: 'tanyab1979@yahoo.com',
    phone: '303 555 0166',
    address: '311 Main St, Longmont, CO 80501',
    message:
      'roof leaking in the bedrom when it rains hard, water stain on celing getting bigger. pls call after 5',
  }),
  genuine('claim approved, needs a contractor', {
    firstName: 'Robert',
    lastName: 'Johnson Jr.',
    email: 'rjohnsonjr@outlook.com',
    phone: '1-970-555-0134',
    address: '3402 Harmony Rd, Fort Collins, CO 80528',
    message:
      'Allstate approved our claim (claim # 0345821-CO) for a full replacement. Need a contractor who can start before the snow. Adjuster report attached to my email if you want it.',
  }),
  genuine('Colorado Springs, 719 number with dots', {
    firstName: 'Megan',
    lastName: 'Sullivan',
    email: 'megsully@gmail.com',
    phone: '719.555.0178',
    address: '1837 N Cascade Ave, Colorado Springs, CO 80907',
    message:
      'Missing shingles on the south side after the wind last night. Can you tarp it before the weekend?',
  }),
  genuine('Grand Junction, 970, unit number', {
    firstName: 'Carlos',
    lastName: 'Hernández de la Cruz',
    email: 'chernandez@hotmail.com',
    phone: '(970) 555-0145',
    address: '702 Grand Ave Unit 5, Grand Junction, CO 81501',
    message: 'Necesito una inspección gratis por favor. I speak English too.',
  }),
  genuine('name with particles', {
    firstName: 'María de los Ángeles',
    lastName: 'García López',
    email: 'mariangeles.garcia@gmail.com',
    phone: '720.555.0120',
    address: '14250 E 1st Dr, Aurora CO 80011',
    message: 'granizo grande el martes, el techo tiene 12 años. queremos saber si el seguro lo cubre',
  }),
  genuine('Polish name with long consonant clusters', {
    firstName: 'Krzysztof',
    lastName: 'Brzęczyszczykiewicz',
    email: 'k.brzeczyszczykiewicz@gmail.com',
    phone: '303-555-0171',
    address: '655 Garfield St, Denver, CO 80206',
    message: 'Hail damage on the garage roof and the vents. Free inspection please.',
  }),
  genuine('interior capital: DeShawn', {
    firstName: 'DeShawn',
    lastName: 'Williams',
    email: 'deshawn.williams@gmail.com',
    phone: '720-555-0102',
    address: '4410 Memphis St, Denver, CO 80239',
    message: 'neighbor had there roof replaced by you guys. can you look at mine too? hail in june',
  }),
  genuine('interior capital: LaToya McKenzie', {
    firstName: 'LaToya',
    lastName: 'McKenzie',
    email: 'latoyamck@yahoo.com',
    phone: '(303)555-0193',
    address: '2785 Kearney St, Denver, CO 80207',
    message:
      'Need estimate for insurance, USAA is my insurer. Adjuster coming Friday 10am, can you be there?',
  }),
  genuine('MaryBeth, hail report form without message', {
    firstName: 'MaryBeth',
    lastName: 'Schwartz',
    email: 'marybeth.schwartz@comcast.net',
    phone: '303 555 0109',
    address: '8 Random Rd, Englewood, CO 80113',
  }),
  genuine('Chinese characters in the name', {
    firstName: '伟',
    lastName: '王',
    email: 'wei.wang88@gmail.com',
    phone: '720-555-0157',
    address: '10350 E Dartmouth Ave #204, Denver, CO 80014',
    message: 'Skylight leaking since the hail storm. Please call, English is fine.',
  }),
  genuine('all caps', {
    firstName: 'JOHN',
    lastName: 'SMITH',
    email: 'JSMITH4421@AOL.COM',
    phone: '303-555-0115',
    address: '1120 W ELLSWORTH AVE, DENVER CO 80223',
    message: 'HAIL DAMAGE. NEED ROOF LOOKED AT. THANKS',
  }),
  genuine('all lower case, one word', {
    firstName: 'mike',
    lastName: 'obrien',
    email: 'mikeobrien303@gmail.com',
    phone: '3035550162',
    address: '77 s pennsylvania st denver',
    message: 'leak',
  }),
  genuine('double-barrelled names', {
    firstName: 'Anne-Marie',
    lastName: 'Dubois-Fontaine',
    email: 'am.duboisfontaine@icloud.com',
    phone: '+1 (303) 555-0178',
    address: '3301 Tejon St, Denver, CO 80211',
    message: 'We are selling the house and the inspector flagged the roof. Need an estimate quickly please.',
  }),
  genuine('Navajo name, Thornton', {
    firstName: 'Aiyana',
    lastName: 'Yazzie',
    email: 'aiyana.yazzie@gmail.com',
    phone: '720 555 0140',
    address: '12750 Grant Cir W, Thornton, CO 80241',
    message: 'Some shingles blew off in the wind and I can see the black paper underneath.',
  }),
  genuine('Yoruba name, extension in phone', {
    firstName: 'Oluwaseun',
    lastName: 'Adeyemi',
    email: 'seun.adeyemi@outlook.com',
    phone: '303.555.0142 ext 4',
    address: '9200 E Mississippi Ave Apt 1105, Denver, CO 80247',
    message: 'HOA asked each owner to get a roof inspection after the May hail. Unit 1105, top floor.',
  }),
  genuine('Arabic name with hyphen', {
    firstName: 'Mohammed',
    lastName: 'Al-Hassan',
    email: 'm.alhassan@gmail.com',
    phone: '720-555-0135 cell',
    address: '6101 W 92nd Ave, Westminster, CO 80031',
    message:
      'Gutters are bent and there are dents on the vents and the AC unit. Is that covered by insurance?',
  }),
  genuine('HOA needs two bids', {
    firstName: 'Linda',
    lastName: 'Park',
    email: 'lindapark@comcast.net',
    phone: '(720) 555-0188',
    address: '1950 Vine St, Unit 12, Denver, CO 80206',
    message:
      'Our HOA requires 2 bids by March 15. Need an estimate for a full replacement with class 4 impact resistant shingles (roughly 28 squares).',
  }),
  genuine('landlord of a rental', {
    firstName: 'Steve',
    lastName: 'Larson',
    email: 'slarson.rentals@gmail.com',
    phone: '303-555-0196',
    address: '415 Jackson St, Denver, CO 80206',
    message:
      'I own a rental at this address, the tenant reports a leak in the back bedroom. Please call me, not the tenant.',
  }),
  genuine('asks about financing and credit', {
    firstName: 'Jasmine',
    lastName: 'Carter',
    email: 'jaz.carter@yahoo.com',
    phone: '720.555.0106',
    address: '15850 E Bails Dr, Aurora, CO 80017',
    message: 'do you offer financing? my credit isnt great and the deductible is $2,500',
  }),
  genuine('e-mail address of a spouse in the message', {
    firstName: 'Greg',
    lastName: 'Thompson',
    email: 'greg.thompson@comcast.net',
    phone: '303-555-0153',
    address: '7420 S Oneida Ct, Centennial, CO 80112',
    message:
      'Please copy my wife on the estimate, her email is karen.thompson@gmail.com. Roof is 22 years old, hail last week.',
  }),
  genuine('found you on Google, website mentioned', {
    firstName: 'Ashley',
    lastName: 'Nguyen',
    email: 'ashleynguyen@gmail.com',
    phone: '720-555-0123',
    address: '3890 Lowell Blvd, Denver, CO 80211',
    message:
      'Found you on google, your website said free hail inspections. Also saw the good reviews. Whenever works next week.',
  }),
  genuine('video link (YouTube)', {
    firstName: 'Tyler',
    lastName: 'Jensen',
    email: 'tjensen@icloud.com',
    phone: '970-555-0118',
    address: '2410 W Eisenhower Blvd, Loveland, CO 80537',
    message: 'video of water coming in around the chimney flashing: https://youtu.be/dQ9wXyZ12ab',
  }),
  genuine('iCloud shared album link', {
    firstName: 'Priya',
    lastName: 'Raman',
    email: 'priya.raman@gmail.com',
    phone: '(303) 555-0138',
    address: '1685 Ridge Rd, Castle Rock, CO 80104',
    message:
      'Adjuster (Farmers) denied part of the claim. photos of the damage: https://www.icloud.com/sharedalbum/#B0a5ONhQ7Gz. can you do a second opinion?',
  }),
  genuine('multi-line message with line breaks', {
    firstName: 'Emily',
    lastName: 'Wright',
    email: 'emily.wright@yahoo.com',
    phone: '303 555 0147',
    address: '5011 Yates St, Denver, CO 80212',
    message:
      'Hi,\n\nAfter the storm on the 14th:\n- dents on the gutters\n- granules in the downspouts\n- one shingle on the lawn\n\nThanks!\nEmily',
  }),
  genuine('missing space after full stops', {
    firstName: 'Luis',
    lastName: 'Ortega',
    email: 'luisortega77@gmail.com',
    phone: '720-555-0159',
    address: '1140 Quari Ct, Aurora CO 80011',
    message: 'water coming thru the ceiling.we put a bucket.is someone available tomorrow morning.thank you',
  }),
  genuine('night shift, text preferred', {
    firstName: 'Keisha',
    lastName: 'Franklin',
    email: 'keisha.franklin@gmail.com',
    phone: 'cell 720-555-0197',
    address: '18901 E Warren Dr, Aurora, CO 80013',
    message: "Please don't call before 11am, I work nights. Text is best. Hail hit us hard on Saturday.",
  }),
  genuine('German name with umlaut', {
    firstName: 'Jürgen',
    lastName: 'Schmitt',
    email: 'juergen.schmitt@gmx.com',
    phone: '303-555-0174',
    address: '2930 Broadway, Boulder, CO 80304',
    message: 'Flat roof over the porch has a puddle that does not drain and now it drips inside.',
  }),
  genuine('Irish spelling', {
    firstName: 'Siobhán',
    lastName: 'Ní Bhriain',
    email: 'siobhan.nibhriain@gmail.com',
    phone: '720-555-0130',
    address: '834 Pearl St #3, Boulder, CO 80302',
    message: 'Attic smells damp and there is a stain by the vent pipe.',
  }),
  genuine('Korean name, Lakewood', {
    firstName: 'Min-jun',
    lastName: 'Kim',
    email: 'minjun.kim@gmail.com',
    phone: '303-555-0128',
    address: '1320 S Kipling Pkwy, Lakewood, CO 80232',
    message: 'insurance company is Liberty Mutual. claim number LM-22-883104. need roofer for the estimate',
  }),
  genuine('Vietnamese, diacritics everywhere', {
    firstName: 'Hương',
    lastName: 'Phạm',
    email: 'huongpham@yahoo.com',
    phone: '720 555-0165',
    address: '1255 S Federal Blvd, Denver, CO 80219',
    message:
      'mái nhà bị dột sau trận mưa đá. can you come look? my son speaks English, call him 720-555-0166',
  }),
  genuine('older homeowner, formal', {
    firstName: 'Harold',
    lastName: 'Bergstrom',
    email: 'hbergstrom@comcast.net',
    phone: '303-555-0104',
    address: '6642 S Ivy Way, Centennial, CO 80111',
    message:
      'Good afternoon. I am 81 years old and cannot get up on the roof myself. My daughter noticed several shingles missing after Thursday. I would appreciate an inspection at your earliest convenience. Thank you kindly.',
  }),
  genuine('price and hail size with decimal points', {
    firstName: 'Nicole',
    lastName: 'Rossi',
    email: 'nicole.rossi@gmail.com',
    phone: '720-555-0149',
    address: '9735 W Bear Creek Dr, Lakewood, CO 80227',
    message:
      '1.75 inch hail per the weather report. Another company quoted $14,200 for a tear-off, is that about right? want a second estimate.',
  }),
  genuine('exit-intent form, no message, phone with spaces', {
    firstName: 'Samantha',
    lastName: 'Lee',
    email: 'sam.lee@icloud.com',
    phone: '7 2 0 5 5 5 0 1 8 2',
    address: '4455 S Buckley Rd, Aurora, CO 80015',
    message: null,
  }),
  genuine('initials as first name', {
    firstName: 'J.R.',
    lastName: 'Delgado',
    email: 'jrdelgado@gmail.com',
    phone: '970.555.0192',
    address: '401 10th St, Greeley, CO 80631',
    message: 'Metal roof on the barn got dented. Do you do metal? Also the house has asphalt shingles.',
  }),
  genuine('Castle Rock, mentions ridge vent and ice dam', {
    firstName: 'Rebecca',
    lastName: 'Hoffmann',
    email: 'becky.hoffmann@gmail.com',
    phone: '303-555-0181',
    address: '3712 Bonita Ct, Castle Rock, CO 80109',
    message:
      'Ice dams along the eaves every winter and now a leak near the ridge vent. What are the options?',
  }),
  genuine('Pueblo, 719 without separators', {
    firstName: 'Ramón',
    lastName: 'Quintana',
    email: 'rquintana@yahoo.com',
    phone: '7195550163',
    address: '2118 Elizabeth St, Pueblo, CO 81003',
    message: 'Necesito un techo nuevo, el viento se llevo muchas tejas. Por favor llamen en la tarde.',
  }),
  genuine('short casual message', {
    firstName: 'Zach',
    lastName: 'Miller',
    email: 'zmiller@gmail.com',
    phone: '720-555-0112',
    address: '515 Holly St, Denver, CO 80220',
    message: 'how much for a new roof? 1 story ranch about 1800 sq ft',
  }),
  genuine('Evergreen, mountain home', {
    firstName: 'Heather',
    lastName: 'Lindqvist',
    email: 'heather.lindqvist@protonmail.com',
    phone: '303-555-0155',
    address: '29810 Troutdale Scenic Dr, Evergreen, CO 80439',
    message: 'Tree limb fell on the roof in the snowstorm. There is a hole about a foot wide. Urgent!',
  }),
  genuine('mentions traffic and parking', {
    firstName: 'Omar',
    lastName: 'Siddiqui',
    email: 'omar.siddiqui@gmail.com',
    phone: '(720) 555 0108',
    address: '1600 N Downing St Apt 7, Denver, CO 80218',
    message:
      'Our street has a lot of traffic, please park in the alley behind the building. Leak above the stairwell.',
  }),
  genuine('Welsh name, commercial-ish duplex', {
    firstName: 'Gwendolyn',
    lastName: 'Llewellyn',
    email: 'gwen.llewellyn@yahoo.com',
    phone: '+1 970 555 0127',
    address: '1205 Bonnell Ave, Fort Collins, CO 80521',
    message: 'Own a duplex, both sides have hail damage. Same insurance company (American Family).',
  }),
  genuine('Wheat Ridge, gutters only', {
    firstName: 'Patrick',
    lastName: 'Doyle',
    email: 'pdoyle@comcast.net',
    phone: '303-555-0100',
    address: '3890 Kipling St, Wheat Ridge, CO 80033',
    message: 'Just the gutters and downspouts need replacing I think. Can you quote that?',
  }),

  // A browser's autofill fills every field and the person sends at once: under 3 s, no message
  // (nobody types one that fast).
  genuine(
    'autofill, no message',
    {
      firstName: 'Heather',
      lastName: 'Lindqvist',
      email: 'heather.lindqvist@gmail.com',
      phone: '(303) 555-0171',
      address: '2750 S Garrison St, Lakewood, CO 80227',
      message: '',
    },
    'autofill',
  ),
  genuine(
    'autofill, out-of-state mobile',
    {
      firstName: 'Marcus',
      lastName: 'Bell',
      email: 'mbell.home@outlook.com',
      phone: '(312) 555-0148',
      address: '6621 S Ivy Way, Centennial, CO 80111',
      message: null,
    },
    'autofill',
  ),
  genuine(
    'autofill, Texas mobile with +1',
    {
      firstName: 'Kayla',
      lastName: 'Dominguez',
      email: 'kayla.dominguez@yahoo.com',
      phone: '+1 512 555 0190',
      address: '15820 E Dorado Ave, Aurora, CO 80015',
      message: '',
    },
    'autofill',
  ),
  genuine(
    'autofill, Korean name, apartment',
    {
      firstName: 'Min-jun',
      lastName: 'Choi',
      email: 'minjun.choi@gmail.com',
      phone: '720-555-0135',
      address: '1050 N Ogden St Unit 4, Denver, CO 80218',
      message: '',
    },
    'autofill',
  ),
  genuine(
    'autofill, ZIP code only after the street',
    {
      firstName: 'Doug',
      lastName: 'Ferreira',
      email: 'dougferreira@comcast.net',
      phone: '3035550157',
      address: '8845 W Jewell Ave 80227',
      message: '',
    },
    'autofill',
  ),
  genuine(
    'autofill, Parker, New York mobile',
    {
      firstName: 'Priya',
      lastName: 'Raman',
      email: 'priya.raman@icloud.com',
      phone: '917-555-0126',
      address: '11402 Cherry Blossom Dr, Parker, CO 80134',
      message: '',
    },
    'autofill',
  ),
  genuine(
    'autofill, one short line typed first',
    {
      firstName: 'Ellen',
      lastName: 'Ward',
      email: 'ellen.ward@gmail.com',
      phone: '(720) 555-0108',
      address: '4390 Newland St, Wheat Ridge, CO 80033',
      message: 'hail',
    },
    'autofill',
  ),
  genuine(
    'autofill, Canadian mobile',
    {
      firstName: 'Gabriel',
      lastName: 'Tremblay',
      email: 'gtremblay@videotron.ca',
      phone: '(514) 555-0163',
      address: '2033 Lafayette St, Denver, CO 80205',
      message: '',
    },
    'autofill',
  ),

  // Without JavaScript: a plain form post, no token.
  genuine(
    'no JavaScript, photo link, Arizona mobile',
    {
      firstName: 'Rebecca',
      lastName: 'Holloway',
      email: 'rholloway@gmail.com',
      phone: '(602) 555-0117',
      address: '7741 S Webster St, Littleton, CO 80128',
      message:
        'Moved here from Phoenix last year, first hail storm for us. Took some pictures of the roof from the deck: https://photos.app.goo.gl/Qm3RtY8vWz',
    },
    'no-js',
  ),
  genuine(
    'no JavaScript, old phone, short message',
    {
      firstName: 'Walter',
      lastName: 'Schmidt',
      email: 'wschmidt44@aol.com',
      phone: '303 555 0122',
      address: '1618 Pearl St, Boulder, CO 80302',
      message: 'Please phone, I do not do email much. Leak by the chimney.',
    },
    'no-js',
  ),
  genuine(
    'no JavaScript, Florida mobile, insurance',
    {
      firstName: 'Denise',
      lastName: 'Okoro',
      email: 'denise.okoro@gmail.com',
      phone: '305-555-0184',
      address: '5120 Ward Rd, Arvada, CO 80002',
      message:
        'Allstate opened a claim for the storm on the 14th. The adjuster wants a contractor estimate before he comes out.',
    },
    'no-js',
  ),
  genuine(
    'no JavaScript, iCloud album link',
    {
      firstName: 'Sean',
      lastName: 'Gallagher',
      email: 'sean.gallagher@me.com',
      phone: '(720) 555-0193',
      address: '9362 W Cornell Pl, Lakewood, CO 80227',
      message: 'photos of the damage on the south slope https://www.icloud.com/sharedalbum/#B2x5GhT',
    },
    'no-js',
  ),
  genuine(
    'no JavaScript, Spanish, no house number',
    {
      firstName: 'Guadalupe',
      lastName: 'Herrera',
      email: 'lupe.herrera@hotmail.com',
      phone: '720 555 0147',
      address: 'Federal Blvd y 52nd Ave, Denver CO',
      message: 'Buenas tardes, se cayeron unas tejas con el viento. ¿Cuánto cobran por revisar?',
    },
    'no-js',
  ),
  genuine(
    'no JavaScript, Washington mobile, Castle Rock',
    {
      firstName: 'Trevor',
      lastName: 'Nakamura',
      email: 'trevor.nakamura@gmail.com',
      phone: '(206) 555-0139',
      address: '3318 Meadows Blvd, Castle Rock, CO 80109',
      message: 'Need a roof inspection before we list the house. Flexible on timing.',
    },
    'no-js',
  ),

  // Mobile numbers from other states, typed at a person's speed.
  genuine('California mobile, 415', {
    firstName: 'Aisha',
    lastName: 'Rahman',
    email: 'aisha.rahman@gmail.com',
    phone: '(415) 555-0176',
    address: '2145 Grove St, Denver, CO 80211',
    message:
      'We bought this house in the spring and the inspector flagged soft decking near the gutters. Could you give us a price to fix that area?',
  }),
  genuine('Chicago mobile, storm claim', {
    firstName: 'Nate',
    lastName: 'Kowalczyk',
    email: 'nate.kowalczyk@gmail.com',
    phone: '773-555-0152',
    address: '19354 E Quincy Ave, Aurora, CO 80015',
    message:
      'Hail on Saturday cracked two skylights and dented the vents. The insurance claim number is 44-1902.',
  }),
  genuine('Georgia mobile, gutters and fascia', {
    firstName: 'Imani',
    lastName: 'Clarke',
    email: 'imani.clarke@yahoo.com',
    phone: '+1 (404) 555-0111',
    address: '812 Main St, Louisville, CO 80027',
    message: 'Fascia board rotted behind the gutter on the garage side, paint is peeling. Do you fix fascia?',
  }),
  genuine('Boston mobile, leak over a bay window', {
    firstName: 'Connor',
    lastName: 'Walsh',
    email: 'connor.walsh@gmail.com',
    phone: '617.555.0145',
    address: '3120 W 32nd Ave, Denver, CO 80211',
    message:
      'water drips inside the bay window when the wind blows rain from the west. small roof over the window',
  }),
]

function spam(
  label: string,
  arrival: Exclude<Arrival, GenuineArrival>,
  fields: CorpusEntry['fields'],
  honeypot?: string,
) {
  const entry: CorpusEntry = { label, fields, arrival }
  if (honeypot !== undefined) entry.honeypot = honeypot
  return entry
}

export const SPAM: CorpusEntry[] = [
  spam('SEO offer with a link', 'direct-post', {
    firstName: 'Mike',
    lastName: 'Anderson',
    email: 'mike@rankboost-pro.com',
    phone: '(555) 201-4478',
    address: '123 Main Street, New York',
    message:
      "Hi, I was checking your website and noticed it isn't on the first page of Google for 'roofing Denver'. We can get you ranking #1 within 90 days. See our results: https://rankboost-pro.com/roofing",
  }),
  spam('crypto pitch with a link', 'direct-post', {
    firstName: 'Jessica',
    lastName: 'Moore',
    email: 'jessica.moore.invest@gmail.com',
    phone: '+44 20 7946 0958',
    address: '25 Canary Wharf, London',
    message:
      'Earn passive income with Bitcoin! Our trading bot delivers guaranteed returns of 300% per month. Start today: https://btc-wealth.xyz/start',
  }),
  spam('backlinks and guest posts, Dear Sir/Madam', 'direct-post', {
    firstName: 'Sophia',
    lastName: 'Wilson',
    email: 'sophia.outreach@gmail.com',
    phone: '+92 300 1234567',
    address: 'Office 4, Blue Area, Islamabad',
    message:
      'Dear Sir/Madam, We offer high quality backlinks and guest post on DA 50+ websites. Boost your domain authority today. Reply for price list.',
  }),
  spam('BBCode link stuffing', 'direct-post', {
    firstName: 'Cheap',
    lastName: 'Pills',
    email: 'pharma.deals@yahoo.com',
    phone: '8005550199',
    address: '1 Pharmacy Lane',
    message:
      '[url=https://cheap-meds.shop]buy viagra online[/url] [url=https://cheap-meds.shop/cialis]cialis no prescription[/url] [link=https://pharm-24.top]online pharmacy[/link]',
  }),
  spam('HTML link to a casino', 'direct-post', {
    firstName: 'Alex',
    lastName: 'Turner',
    email: 'alex.turner1992@gmail.com',
    phone: '9175550143',
    address: '55 Water St, New York, NY',
    message:
      '<a href="http://casino-royal.top">best online casino</a> - 200% bonus on first deposit, play now!',
  }),
  spam('XRumer-style name, Hello and Bye', 'direct-post', {
    firstName: 'RobertKix',
    lastName: 'RobertKix',
    email: 'robertkix@gmail.com',
    phone: '86724561232',
    address: 'Moscow',
    message: 'Hello. And Bye.',
  }),
  spam('random letters, instant fill', 'instant-fill', {
    firstName: 'xKjQwpZ',
    lastName: 'xKjQwpZ',
    email: 'xkjqwpz@outlook.com',
    phone: '5555555555',
    address: 'xKjQwpZ street',
    message: 'xKjQwpZ',
  }),
  spam(
    'honeypot filled, ordinary fields',
    'direct-post',
    {
      firstName: 'Jennifer',
      lastName: 'Davis',
      email: 'jdavis@gmail.com',
      phone: '303-555-0177',
      address: '1450 Elm Street, Denver, CO 80220',
      message: 'I need a roof inspection.',
    },
    'http://example.com',
  ),
  spam('headless browser, ordinary content (slips through)', 'instant-fill', {
    firstName: 'David',
    lastName: 'Miller',
    email: 'david.miller.roof@gmail.com',
    phone: '720-555-0134',
    address: '2201 Blake St, Denver, CO 80205',
    message: 'Interested in your services, please contact me.',
  }),
  spam('Russian pitch with a link', 'direct-post', {
    firstName: 'Юлия',
    lastName: 'Смирнова',
    email: 'yulia.smirnova@mail.ru',
    phone: '+7 (495) 123-45-67',
    address: 'ул. Тверская, 7, Москва',
    message:
      'Здравствуйте! Предлагаем продвижение вашего сайта в поисковых системах. Гарантия результата. Подробнее: https://prodvizhenie-saitov.ru',
  }),
  spam('Chinese pitch, +86 phone', 'direct-post', {
    firstName: '李',
    lastName: '明',
    email: 'liming8899@163.com',
    phone: '+86 138 0013 8000',
    address: '深圳市南山区科技园 88号',
    message: '您好，我们提供专业的网站推广和外贸营销服务，价格优惠，欢迎联系我们。',
  }),
  spam('link in the first name', 'direct-post', {
    firstName: 'Claim your $1000 gift → bit.ly/3xYzQ9',
    lastName: 'Winner',
    email: 'promo.winner@gmail.com',
    phone: '(213) 555-0110',
    address: '100 Prize Ave, Los Angeles, CA',
    message: 'Congratulations! You have been selected.',
  }),
  spam('link in the address', 'direct-post', {
    firstName: 'Brandon',
    lastName: 'Scott',
    email: 'brandon@bestroofleads.com',
    phone: '(888) 555-0176',
    address: 'www.bestroofleads.com',
    message: 'We sell exclusive roofing leads in Denver. 20 leads free for new contractors.',
  }),
  spam('disposable address, lead generation', 'direct-post', {
    firstName: 'Kevin',
    lastName: 'Brown',
    email: 'kbrown2024@mailinator.com',
    phone: '(646) 555-0191',
    address: '405 Lexington Ave, New York',
    message:
      'We help roofing companies generate more leads and appointments. 10 qualified appointments per month or you do not pay.',
  }),
  spam('Dear Sir/Madam web design offer', 'direct-post', {
    firstName: 'Ravi',
    lastName: 'Kumar',
    email: 'ravi.webexpert@gmail.com',
    phone: '+91 98765 43210',
    address: 'Sector 62, Noida, India',
    message:
      'Dear Sir/Madam, I noticed your website is not mobile friendly and looks outdated. We offer web design and development services at affordable prices. Can I send you a proposal?',
  }),
  spam('virtual assistant with unsubscribe line', 'direct-post', {
    firstName: 'Grace',
    lastName: 'Santos',
    email: 'grace.va.services@gmail.com',
    phone: '+63 917 123 4567',
    address: 'Makati City, Philippines',
    message:
      'Are you overwhelmed with admin tasks? Hire a full-time virtual assistant for only $6/hr. Reply STOP to unsubscribe.',
  }),
  spam('business funding with a link', 'direct-post', {
    firstName: 'Daniel',
    lastName: 'Clark',
    email: 'dclark@fundfast.biz',
    phone: '(877) 555-0122',
    address: '1200 Brickell Ave, Miami, FL',
    message:
      'Get business funding up to $500,000 in 24 hours. No collateral, merchant cash advance available. Apply: https://fundfast.biz/apply',
  }),
  spam('pharmacy offer, instant fill', 'instant-fill', {
    firstName: 'Pharmacy',
    lastName: 'Online',
    email: 'rx.store@yahoo.com',
    phone: '1-800-555-0156',
    address: '44 Health St',
    message: 'Discount pharmacy: viagra, cialis, levitra. Fast shipping, no prescription needed.',
  }),
  spam('Google Business Profile ranking', 'direct-post', {
    firstName: 'Chris',
    lastName: 'Evans',
    email: 'chris@localmapsboost.com',
    phone: '(512) 555-0119',
    address: '901 Congress Ave, Austin, TX',
    message:
      'Your Google Business Profile is not showing in the map pack for roofers near you. We fix Google Maps ranking in 30 days. localmapsboost.com',
  }),
  spam('AI receptionist pitch', 'direct-post', {
    firstName: 'Olivia',
    lastName: 'Hart',
    email: 'olivia@callsai.io',
    phone: '(415) 555-0133',
    address: '500 Howard St, San Francisco, CA',
    message:
      'Missed calls = missed roofing jobs. Our AI receptionist answers every call 24/7 and books inspections. Try it free at callsai.io',
  }),
  spam('social media management', 'direct-post', {
    firstName: 'Emma',
    lastName: 'Lopez',
    email: 'emma.socialgrowth@gmail.com',
    phone: '+1 (305) 555-0150',
    address: '78 SW 7th St, Miami',
    message:
      'Hi there, we provide social media management and digital marketing for contractors. Increase traffic and get more customers. Interested?',
  }),
  spam('explainer video with a link', 'direct-post', {
    firstName: 'Jack',
    lastName: 'Reed',
    email: 'jack@vidpitch.co',
    phone: '(702) 555-0173',
    address: '3600 Las Vegas Blvd',
    message:
      'I made a quick explainer video for your roofing company, take a look: https://vidpitch.co/v/frontrange - can we talk?',
  }),
  spam('review generation offer', 'direct-post', {
    firstName: 'Nathan',
    lastName: 'Price',
    email: 'nathan.reviews@outlook.com',
    phone: '(614) 555-0180',
    address: '250 Civic Center Dr, Columbus',
    message: 'We can help you get more 5-star reviews on autopilot. Want a free trial? Reply NO to opt out.',
  }),
  spam('three links, no pitch words', 'direct-post', {
    firstName: 'Laura',
    lastName: 'King',
    email: 'lauraking88@gmail.com',
    phone: '(312) 555-0124',
    address: '233 S Wacker Dr, Chicago',
    message: 'https://tinyurl.com/3xk9a2 https://tinyurl.com/8ap3zz https://tinyurl.com/u2m9qq',
  }),
  spam('script injection probe', 'direct-post', {
    firstName: 'Test',
    lastName: 'User',
    email: 'test.user@example.com',
    phone: '555-555-5555',
    address: '<script>alert(1)</script>',
    message: '<script>alert(document.cookie)</script>',
  }),
  spam('SQL injection probe', 'direct-post', {
    firstName: "1' OR '1'='1",
    lastName: 'admin',
    email: 'admin@example.com',
    phone: '1111111111',
    address: "' OR 1=1 --",
    message: "'; DROP TABLE form_submissions; --",
  }),
  spam('test test test', 'direct-post', {
    firstName: 'test',
    lastName: 'test',
    email: 'test@test.com',
    phone: '1234567890',
    address: 'test test',
    message: 'test',
  }),
  spam('forex signals', 'direct-post', {
    firstName: 'Amanda',
    lastName: 'Greene',
    email: 'amanda.fx@yahoo.com',
    phone: '+971 50 123 4567',
    address: 'Dubai Marina, Dubai',
    message: 'Join our Forex VIP group for daily trading signals. Investment returns up to 40% weekly.',
  }),
  spam('sports betting', 'instant-fill', {
    firstName: 'Bet',
    lastName: 'Master',
    email: 'betmaster.promo@gmail.com',
    phone: '(702) 555-0144',
    address: '4 Strip Blvd, Las Vegas',
    message: 'Best sportsbook odds of the season. Sign up for online betting and get a $500 free bet.',
  }),
  spam('credit repair', 'direct-post', {
    firstName: 'Marcus',
    lastName: 'Hill',
    email: 'marcus.credit@gmail.com',
    phone: '(404) 555-0161',
    address: '191 Peachtree St, Atlanta',
    message:
      'Fix your credit fast! Our credit repair experts removed over 1M negative items. Visit creditfixnow.net',
  }),
  spam('digits in the name, link in message', 'direct-post', {
    firstName: 'Anna89',
    lastName: 'Lovely',
    email: 'anna89lovely@gmail.com',
    phone: '+380 67 123 4567',
    address: 'Kyiv, Ukraine',
    message: 'Hi handsome, I saw your profile. Write me here: https://datesingles.site/anna89',
  }),
  spam('consonant-only random name (slips through)', 'direct-post', {
    firstName: 'Qwrtplk',
    lastName: 'Zxcvbnm',
    email: 'qwrtplk@gmail.com',
    phone: '4155550102',
    address: '1 Market St',
    message: 'sdfkjhsdf sdkjfh sdkjfh',
  }),
  spam('link in the phone field', 'direct-post', {
    firstName: 'Call',
    lastName: 'Now',
    email: 'callnow@gmail.com',
    phone: 'www.call-now-cheap.ru',
    address: '12 Promo St',
    message: 'Best prices in town',
  }),
  spam('Cyrillic name, English SEO pitch', 'direct-post', {
    firstName: 'Дмитрий',
    lastName: 'Иванов',
    email: 'dmitry.seo@yandex.ru',
    phone: '+7 912 345 67 89',
    address: 'Novosibirsk',
    message: 'Hello! I will do SEO for your site and bring organic traffic. Price is low.',
  }),
  spam('Dear business owner, SEO', 'direct-post', {
    firstName: 'Sarah',
    lastName: 'Mitchell',
    email: 'sarah.mitchell.seo@gmail.com',
    phone: '(480) 555-0127',
    address: '2 N Central Ave, Phoenix, AZ',
    message:
      'Dear business owner, your site has 37 SEO errors that stop it from ranking on Google. Want a free audit report?',
  }),
  spam('bitcoin, disposable address', 'direct-post', {
    firstName: 'Crypto',
    lastName: 'Wallet',
    email: 'wallet99@yopmail.com',
    phone: '(305) 555-0111',
    address: 'Miami Beach',
    message: 'You have received 0.75 BTC. Confirm your wallet to withdraw.',
  }),
  spam('instant fill with a link', 'instant-fill', {
    firstName: 'Emily',
    lastName: 'Stone',
    email: 'emily.stone.biz@gmail.com',
    phone: '(212) 555-0165',
    address: '350 5th Ave, New York',
    message: 'Check this out https://bit.ly/roof-deal-2024',
  }),
  spam(
    'honeypot filled with a word',
    'direct-post',
    {
      firstName: 'Paul',
      lastName: 'Walker',
      email: 'paul.walker77@gmail.com',
      phone: '7205550144',
      address: '88 Oak St, Denver CO',
      message: 'Please call me about roof.',
    },
    '1',
  ),
  spam(
    'honeypot filled, instant fill',
    'instant-fill',
    {
      firstName: 'Lisa',
      lastName: 'Ray',
      email: 'lisa.ray@gmail.com',
      phone: '3035550188',
      address: '901 Sherman St, Denver',
      message: 'hello',
    },
    'https://lisaray.example.org',
  ),
  spam('link building outreach with a link', 'direct-post', {
    firstName: 'Hannah',
    lastName: 'Brooks',
    email: 'hannah.outreach@gmail.com',
    phone: '(646) 555-0129',
    address: '12 W 31st St, New York',
    message:
      'Hi, we run a home improvement blog (homefixhub.net) and offer sponsored posts and link insertions. Interested?',
  }),
  spam('weight-loss pitch, same names, instant fill', 'instant-fill', {
    firstName: 'Keto',
    lastName: 'Keto',
    email: 'ketodiet@gmail.com',
    phone: '(800) 555-0140',
    address: 'New York, USA',
    message: 'Lose 20 lbs in 2 weeks with our keto gummies!',
  }),
  spam('partnership pitch, plain text', 'direct-post', {
    firstName: 'James',
    lastName: 'Carter',
    email: 'james.carter.domains@gmail.com',
    phone: '(718) 555-0132',
    address: '300 Jay St, Brooklyn, NY',
    message:
      'Hello, are you the owner of this business? I would like to discuss a partnership. Please reply.',
  }),
  spam('one link, polite wording', 'direct-post', {
    firstName: 'Rachel',
    lastName: 'Adams',
    email: 'rachel.adams.media@gmail.com',
    phone: '(617) 555-0115',
    address: '1 Beacon St, Boston, MA',
    message:
      'We featured your company in our list of top contractors. See it here: https://topcontractorlist.com',
  }),
  spam('outsourcing with a link', 'direct-post', {
    firstName: 'Ahmed',
    lastName: 'Raza',
    email: 'ahmed.bpo@gmail.com',
    phone: '+92 321 7654321',
    address: 'Gulberg III, Lahore',
    message:
      'Outsource your calling and data entry to our offshore team at 70% less cost. www.bpo-partners.pk',
  }),
  spam('fullwidth letters to dodge filters', 'direct-post', {
    firstName: 'Ｍａｒｋ',
    lastName: 'Ｌｅｅ',
    email: 'marklee.seo@gmail.com',
    phone: '(929) 555-0109',
    address: '45 Broad St, New York',
    message:
      'Ｉｎｃｒｅａｓｅ ｔｒａｆｆｉｃ ｔｏ ｙｏｕｒ ｗｅｂｓｉｔｅ: ｗｗｗ．ｔｒａｆｆｉｃ－ｐｒｏ．ｃｏｍ',
  }),
  spam('dressed-up link and guest post', 'direct-post', {
    firstName: 'Tom',
    lastName: 'Baker',
    email: 'tom.baker.pr@gmail.com',
    phone: '(720) 555-0000',
    address: '1600 Glenarm Pl, Denver',
    message: 'Guest post opportunity on our roofing blog, details at roofblog[.]net',
  }),
]
