/**
 * The storm briefing's HTML part (React Email, like the worker's other e-mails): the day, the
 * largest hail and the cities it crossed, the map of the swath (a PNG inside the e-mail, by
 * Content-ID), then the homes hit, largest hail first, each with a tap-to-call phone and a
 * directions link: the office reads it on a phone the morning after and calls people back.
 *
 * The homes' rows are plain paragraphs with short inline styles, not React Email's components:
 * a big storm hits hundreds of homes, and each row's markup counts. Gmail cuts an HTML part
 * longer than about 100 KB behind "View entire message", so the HTML lists the first
 * HTML_HOMES_LISTED homes and says where the rest are (the plain-text part and the CSV
 * attached, which list every home).
 */
import { Heading } from '@react-email/heading'
import { Text } from '@react-email/text'
import { EmailPage } from '../platform/mail/parts'
import { styles } from '../platform/mail/styles'
import {
  alertsSummary,
  citiesLine,
  formatRadarIn,
  homesLine,
  largestLine,
  RADAR_NOTE,
  type BriefingFacts,
  type BriefingHome,
} from './briefing-words'

/** How many homes the HTML part lists; the plain-text part and the CSV list them all. */
export const HTML_HOMES_LISTED = 100

/** The picture as the HTML shows it: its Content-ID and pixel size. */
export interface BriefingPicture {
  cid: string
  width: number
  height: number
}

/** The width the picture is shown at: the container's 600 px less its padding. */
const SHOWN_WIDTH = 552

const s = {
  h2: { fontSize: '17px', lineHeight: '24px', fontWeight: 700, color: '#14213d', margin: '24px 0 8px' },
  fact: { fontSize: '16px', lineHeight: '24px', color: '#111111', margin: '0 0 6px' },
  picture: { width: '100%', maxWidth: `${SHOWN_WIDTH}px`, height: 'auto', border: '1px solid #dddddd' },
  more: { fontSize: '15px', lineHeight: '22px', color: '#333333', margin: '12px 0 0' },
} as const

/** The colour of an alert's words: failures stand out. */
function alertColour(kind: BriefingHome['alertKind']): string {
  if (kind === 'failed' || kind === 'none') return '#b91c1c'
  if (kind === 'sent') return '#166534'
  return '#555555'
}

/** One home: name and size, the phone, the address as a directions link, when they asked, the alert. */
function HomeRow({ h }: { h: BriefingHome }) {
  return (
    <p
      style={{
        margin: '0',
        padding: '10px 0',
        borderTop: '1px solid #eeeeee',
        fontSize: '15px',
        lineHeight: '22px',
      }}
    >
      <b style={{ fontSize: '16px', color: '#14213d' }}>{h.name}</b>
      {' · '}
      <b style={{ color: '#9a3412' }}>{`about ${formatRadarIn(h.hailIn)}`}</b>
      <br />
      <a href={h.telHref} style={{ color: '#1d4a7a' }}>
        {h.phone}
      </a>
      <br />
      <a href={h.mapUrl} style={{ color: '#1d4a7a' }}>
        {h.address}
      </a>
      <br />
      <span style={{ color: '#555555', fontSize: '14px' }}>{`Asked: ${h.asked}`}</span>
      <br />
      <span style={{ color: alertColour(h.alertKind), fontSize: '14px' }}>{h.alert}</span>
    </p>
  )
}

export function BriefingEmail({
  f,
  picture,
  csvName,
}: {
  f: BriefingFacts
  picture: BriefingPicture | undefined
  /** The attached CSV's file name, when the HTML lists only some of the homes. */
  csvName: string | undefined
}) {
  const listed = f.homes.slice(0, HTML_HOMES_LISTED)
  const rest = f.homes.length - listed.length
  const homesWord = f.homes.length === 1 ? 'home' : 'homes'
  return (
    <EmailPage
      viewport
      preview={`${f.homes.length} ${homesWord} hit on ${f.dayText}; largest hail about ${formatRadarIn(f.maxIn)}.`}
    >
      <Heading as="h1" style={styles.h1}>
        {`Storm briefing: ${f.dayText}`}
      </Heading>
      <Text style={styles.lead}>{homesLine(f)}</Text>
      <Text style={s.fact}>{largestLine(f)}</Text>
      <Text style={s.fact}>{citiesLine(f)}</Text>
      <Text style={s.fact}>{alertsSummary(f)}</Text>
      {picture ? (
        <img
          src={`cid:${picture.cid}`}
          width={SHOWN_WIDTH}
          height={Math.round((SHOWN_WIDTH * picture.height) / picture.width)}
          alt={`Map of the radar hail on ${f.dayText} over the service area, with the cities and the homes hit`}
          style={s.picture}
        />
      ) : null}
      <Heading as="h2" style={s.h2}>
        {`Homes hit, largest hail first (${f.homes.length})`}
      </Heading>
      {listed.map((h, i) => (
        <HomeRow key={i} h={h} />
      ))}
      {rest > 0 ? (
        <Text style={s.more}>
          {`And ${rest} more ${rest === 1 ? 'home' : 'homes'}, down to about ${formatRadarIn(f.homes.at(-1)!.hailIn)}: every home is in the plain-text version of this e-mail${csvName ? ` and in the attached ${csvName}` : ''}.`}
        </Text>
      ) : null}
      <Text style={styles.small}>{RADAR_NOTE}</Text>
      <Text style={styles.small}>{f.origin}</Text>
    </EmailPage>
  )
}
