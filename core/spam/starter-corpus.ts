/**
 * THE STARTER CORPUS of the spam classifier (core/spam/classifier.ts): what it knows before the
 * office has labelled a single lead. Written for this repository by its developers, in the
 * manner of the two kinds of message a roofer's contact form receives:
 *
 * - `pitch`: sales pitches sent to businesses through their contact forms (marketing and SEO
 *   agencies, lead sellers, virtual assistants, lenders, web and app shops, review and listing
 *   schemes, equipment and software vendors), with their usual turns of phrase;
 * - `homeowner`: what people asking a roofer for help write (hail, leaks, wind, insurance
 *   claims, quotes, gutters, inspections, scheduling), in their usual plain words.
 *
 * No text here is copied from a real enquiry, a spam message or the test corpora
 * (tests/support/lead-corpus.ts, tests/support/script-corpus.ts): the tests measure the
 * classifier on enquiries it has never seen, which only means something if they stay apart.
 * Each text is what the classifier reads of a lead: the names and the message
 * (core/spam/text.ts).
 *
 * Change it with care: every web process trains on it at start, and the measured figures in
 * docs/spam.md were taken with it. What the office labels later (core/spam/learning.ts) is
 * added to it, never replaces it.
 */
export const STARTER_PITCHES: readonly string[] = [
  'Growth Partners\nWe help home service companies like yours book more jobs every month. Are you open to a quick 10 minute call this week?',
  'Emily from Brightline\nI run a small agency that works only with contractors. We handle your ads and you just show up to the appointments. Interested?',
  'Mark\nI noticed your business is missing from the top three results in your area. Our team fixes that in 60 days or you do not pay.',
  'Sarah Digital\nWe sell exclusive homeowner leads in your zip codes, no contracts, pay per lead. Want me to send pricing?',
  'Daniel\nWould you be interested in hiring a dedicated assistant to answer your calls and handle scheduling for a fraction of the cost of local staff?',
  'Funding Team\nYour business may qualify for up to 250k in working capital within 24 hours, no collateral required. Reply to see your offer.',
  'Jason\nYour site loads slowly on mobile and that is costing you customers. I can speed it up and send you a free audit today.',
  'Olivia\nWe create short promo videos for local businesses that convert visitors into paying customers. Can I send you a sample?',
  'Kevin Media\nHi, I came across your company online and wanted to see if you are taking on new clients. We partner with contractors to grow revenue.',
  'Rachel\nQuick question: who handles your online marketing? I have a few ideas that could double your inbound calls this quarter.',
  'Brandon\nWe manage social media accounts for contractors, posting daily content so you stay top of mind with your customers.',
  'Growth Consultant\nMost roofing companies leave money on the table. Our proven system fills your calendar with qualified estimates.',
  'Amy\nI am reaching out because we have helped businesses in your industry increase sales by 40 percent. Let me know a good time to connect.',
  'Priya\nOur offshore staff can take over bookkeeping, data entry and customer follow-ups for a low monthly fee. Free trial available.',
  'Capital Solutions\nGet approved for equipment financing and a business line of credit in minutes. Bad credit is fine.',
  'Tom\nI would love to redesign your website so it ranks better and brings in more calls. Our packages start at 499.',
  'Jessica\nWe noticed several negative reviews on your profile. We can help you get more five star reviews and push the bad ones down.',
  'Mike Reputation\nDo you want more customers from your map listing? We optimize listings for local businesses and guarantee results.',
  'Chris\nI have a list of homeowners who recently filed storm claims in your area. Would you like to buy it?',
  'Team Lead\nWe offer an AI receptionist that answers every call, books appointments and never takes a day off. Can I show you a demo?',
  'Hannah\nAre you the owner? I wanted to introduce our payment processing service which can cut your card fees in half.',
  'Scott\nWe help contractors get paid faster with simple invoicing software. Start a free trial, no credit card required.',
  'Laura Outreach\nWe are a US based agency offering content writing, link building and monthly reporting. Can we send a proposal?',
  'Nick\nI can build you a mobile app for your business at a discounted price this month only. Let me know if you are interested.',
  'Brian\nWe are expanding our network of partner contractors and would like to send you storm jobs in exchange for a referral fee.',
  'Alicia\nLooking to grow your brand? We produce drone photography and marketing content for roofing companies nationwide.',
  'Matt Sales\nI tried calling your office. We supply wholesale shingles and underlayment at prices below your current distributor.',
  'Julia\nHello, I am a freelance marketer and I would like to offer my services to your company. My rates are very affordable.',
  'Account Manager\nYour domain is up for renewal soon. Secure your listing today to avoid losing your online visibility.',
  'Steve\nWe turn your past customers into repeat business with automated email and text campaigns. Book a free strategy session.',
  'Nina\nGreat company! I think we could be a good fit. We specialize in helping contractors scale operations and hire faster.',
  'Victor\nWe have a proven marketing system for roofers that brings 20 to 30 new inspections a month. Do you have capacity for more work?',
  'Grace\nAre you interested in a business loan with same day funding? Our rates beat any bank. Apply online in five minutes.',
  'Ryan\nI can get your business featured in local news articles and magazines for a one time fee. Let me know if you want details.',
  'Dev Team\nWe fix website errors, broken pages and slow loading for a flat fee. Your homepage currently scores poorly on speed tests.',
  'Melissa\nWe are hiring remote sales reps and thought your company might want to outsource its estimates and follow-ups to us.',
  'Anthony\nCan I send you a short video showing how competitors are getting more calls than you from the same neighborhoods?',
  'Partnerships\nWe would like to discuss a partnership opportunity with your company. Please reply with the best contact for marketing decisions.',
  'Jenny\nThis is not a sales pitch, I just want to share a free guide that helped other contractors book their busiest season ever.',
  'Carlos Growth\nOur clients see a return of five times their ad spend. Let us run your campaigns and pay only for results.',
]

export const STARTER_HOMEOWNER: readonly string[] = [
  'Linda\nHarper\nWe had a bad hail storm on Sunday and I can see dents on the vents and the gutters. Can someone come look at the roof?',
  'Greg\nSalazar\nWater is coming through the ceiling in the upstairs hallway whenever it rains. Need help soon please.',
  'Megan\nPark\nThe wind blew off a bunch of shingles on the back side of the house. Do you do repairs or only full replacements?',
  'Omar\nHaddad\nMy insurance company approved a claim for a new roof. I need a contractor to meet the adjuster and give an estimate.',
  'Carol\nWhitfield\nLooking for a quote to replace our 20 year old roof. It is a two story ranch with asphalt shingles.',
  'Luis\nOrtega\nThere is a leak around the chimney flashing. Can you come out this week to take a look?',
  'Beth\nAnderson\nHow much does an inspection cost? We are buying a house and want to know the condition of the roof.',
  'Frank\nMiller\nOur gutters are sagging and overflowing. Do you replace gutters and downspouts as well?',
  'Angela\nTran\nHail damaged our skylight and some shingles. The adjuster is coming Friday and I would like a roofer there.',
  'Derek\nBoyd\nI think we have hail damage but I am not sure. Neighbors are all getting new roofs. Can you inspect ours?',
  'Sophie\nLang\nPlease call me about a leak in the garage roof. It is a flat roof over the detached garage.',
  'Hector\nRamirez\nNecesito una cotización para cambiar el techo de mi casa después de la granizada.',
  'Janet\nCole\nThe ridge vent came loose in the wind last night and is flapping. Can someone secure it?',
  'Martin\nFischer\nDo you work with State Farm? They sent me a check for the first payment on the roof claim.',
  'Rosa\nDelgado\nWe see granules in the downspouts and a few missing tabs. Is that something to worry about?',
  'Paul\nBennett\nI would like an estimate for a metal roof on our cabin style home. How long does installation take?',
  'Tiffany\nWard\nThere is a brown stain on my bedroom ceiling that keeps growing. I am worried about mold.',
  'Aaron\nKim\nCan you give a second opinion? Another company said we need a full replacement and I am not sure.',
  'Diane\nFoster\nMy roof is leaking around the skylight in the kitchen. Available any afternoon after 3.',
  'Sam\nOkafor\nWe just moved in and the home inspector said the roof has maybe 3 years left. Looking for options and pricing.',
  'Heather\nCollins\nWhat is your availability for a free inspection? We are in Aurora near the Southlands mall.',
  'Victor\nHuang\nThe storm knocked a tree branch onto the roof. There is a hole near the edge and I put a tarp on it.',
  'Karen\nMurphy\nDo you offer financing for a roof replacement? Ours is old and we cannot pay it all at once.',
  'Jorge\nMendoza\nIce dams formed on the north side this winter and water came in around the window. Can you fix that?',
  'Emily\nRoss\nWe need the roof certified for a home sale closing next month. Do you provide roof certifications?',
  'Ben\nCarter\nShingles are curling and the attic feels very hot in summer. Would better ventilation help?',
  'Maria\nGonzalez\nMy mother lives in Lakewood and her roof leaks. She is 80 so please call me instead of her.',
  'Tyler\nWest\nThe adjuster denied part of my claim. Can your team help me understand what was missed?',
  'Nancy\nPeterson\nGot your mailer about hail in our neighborhood. Yes please come take a look.',
  'Rick\nHolt\nHow soon could you replace a roof on a small duplex? Tenants report drips in two rooms.',
  'Lisa\nYoung\nI saw your truck in our neighborhood. We had damage from the June hail and want an estimate.',
  'Andre\nJackson\nThe flashing around the plumbing vent looks cracked. Small repair, hoping you do those.',
  'Helen\nNovak\nOur HOA requires a specific shingle color. Do you handle the HOA approval paperwork?',
  'Ivan\nPetrov\nThere are dents on the siding and the window screens after the storm. Do you do siding too?',
  'Chloe\nEvans\nI called last week and left a message. Still need someone to look at the leak over the porch.',
  'Wes\nHarrison\nI would like to schedule an inspection for Saturday morning if possible. Roof is about 15 years old.',
  'Ana\nSilva\nRain got in through the attic vent during the storm. The insulation is wet. What should I do first?',
  'Phil\nDunn\nPlease send a quote for new gutters with guards on a single story home, about 160 feet of gutter.',
  'Grace\nLiu\nWe want to add solar panels next year. Should we replace the roof first? Can you advise?',
  'Tom\nReilly\nMoss and debris all over the roof and the valleys look worn. Can you clean and check it?',
]
