/**
 * The homeowner's Extreme Weather Report e-mail: the summary in a few lines and a small table,
 * the full report as the attached PDF, what the report is and is not, and the free inspection.
 *
 * When the address could not be placed there is no report, and the e-mail says so plainly: the
 * office follows up with the report. It never shows an empty or made-up summary.
 */
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import { FACTS, type BusinessConfig } from '../../../shared/business'
import { formatBusinessDate } from '../../../shared/business-time'
import {
  DATE_OF_LOSS_NOTE,
  RING_TITLE,
  REPORT_RADIUS_MI,
  summaryFacts,
  RINGS_MI,
  type WeatherReport,
} from '../../storms'
import type { LeadView } from '../lead-view'
import { styles } from '../../platform/mail/styles'
import { ConfirmSection } from '../../storm-response'
import { ButtonRow, CallUs, EmailPage, LabelledRow, SignOff } from '../../platform/mail/parts'

const REPORT_NAME = 'Extreme Weather Report'

const local = {
  line: { fontSize: '17px', lineHeight: '24px', fontWeight: 700, color: '#0b2545', margin: 0 },
  ringTh: {
    fontSize: '14px',
    color: '#334155',
    fontWeight: 400,
    textAlign: 'left',
    padding: '6px 12px 6px 0',
    borderBottom: '1px solid #e2e8f0',
  },
  ringTd: {
    fontSize: '15px',
    color: '#0f172a',
    fontWeight: 700,
    padding: '6px 0',
    borderBottom: '1px solid #e2e8f0',
  },
} satisfies Record<string, React.CSSProperties>

function Row({ label, value }: { label: string; value: string }) {
  return (
    <LabelledRow label={label} thStyle={local.ringTh} tdStyle={local.ringTd}>
      {value}
    </LabelledRow>
  )
}

function Offer({ business }: { business: BusinessConfig }) {
  return (
    <>
      <Heading as="h2" style={styles.h2}>
        Was your roof damaged? A free inspection tells you.
      </Heading>
      <Text style={styles.text}>
        {`We inspect your roof for free within ${FACTS.inspectionWindow}, often the same day, and photograph every sign of hail and wind damage for your insurance claim.`}
      </Text>
      <ButtonRow href={business.bookingUrl}>Book your free roof inspection</ButtonRow>
      <CallUs business={business} />
    </>
  )
}

function Footer({ business }: { business: BusinessConfig }) {
  return (
    <>
      <SignOff business={business} />
      <Hr style={styles.hr} />
      <Text style={styles.small}>
        {`You receive this e-mail because this address was entered in a form on our website to request the report. If that was not you, you can ignore it.`}
      </Text>
    </>
  )
}

function WithReport({
  lead,
  report,
  attached,
}: {
  lead: LeadView
  report: WeatherReport
  attached: boolean
}) {
  const { summary } = report
  const since = formatBusinessDate(summary.from)
  const preliminary = report.storms.some((s) => s.source === 'spc')
  return (
    <>
      <Heading as="h1" style={styles.h1}>
        {`Your ${REPORT_NAME}`}
      </Heading>
      <Text style={styles.text}>
        {`Hi ${lead.firstName}, here is the storm history of ${report.address} since ${since}, from NOAA's records.`}
        {attached
          ? ` The full report is attached as a PDF, with every storm's date, size and distance: print it or forward it to your insurance adjuster.`
          : ''}
      </Text>
      <Section style={styles.highlight}>
        <Text style={local.line}>{summary.line}</Text>
        {/* A report made without radar data, or stored before radar, has no radar line. */}
        {summary.radar ? <Text style={styles.highlightNote}>{summary.radar.page}</Text> : null}
      </Section>
      <Section>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={styles.table}>
          <tbody>
            {RINGS_MI.map((ring) => (
              <Row
                key={ring}
                label={ring === 1 ? 'Storms within 1 mile' : `Storms ${RING_TITLE[ring]} away`}
                value={String(summary.countByRing[ring])}
              />
            ))}
            {summaryFacts(summary)
              .slice(1)
              .map(([label, value]) => (
                <Row key={label} label={label} value={value} />
              ))}
          </tbody>
        </table>
      </Section>
      <Text style={styles.small}>{DATE_OF_LOSS_NOTE}</Text>
      <Heading as="h2" style={styles.h2}>
        What this report is, and what it is not
      </Heading>
      <Text style={styles.text}>
        {`It lists every hail, thunderstorm-wind and tornado report NOAA holds within ${REPORT_RADIUS_MI} miles of your home since ${since}. Your home was ${summary.locatedText}, and each distance is measured from that point.`}
        {preliminary
          ? ' The most recent storms come from preliminary reports, which NOAA may still correct.'
          : ''}
      </Text>
      <Text style={styles.text}>
        {
          'It is a record of the weather, not a damage inspection. Hail can damage shingles without marks you can see from the ground, and hail can fall between the places it was reported.'
        }
      </Text>
    </>
  )
}

function WithoutReport({ lead, business }: { lead: LeadView; business: BusinessConfig }) {
  const address = lead.fields.address
  return (
    <>
      <Heading as="h1" style={styles.h1}>
        {`Your ${REPORT_NAME} is on its way`}
      </Heading>
      <Text style={styles.text}>
        {`Hi ${lead.firstName}, thank you for requesting your ${REPORT_NAME}${address ? ` for ${address}` : ''}.`}
      </Text>
      <Text style={styles.text}>
        {`We could not place this address on the map automatically, so we have not made your report yet: a report for the wrong spot would not help you. Someone from ${business.name} will check the address and send you the report within ${FACTS.hailReportDeliveryHours} hours.`}
      </Text>
      <Text style={styles.text}>
        {
          'If the address has a typing error, reply to this e-mail with the right one and we will make the report for it.'
        }
      </Text>
    </>
  )
}

export function WeatherReportEmail({
  lead,
  report,
  business,
  attached,
  confirmUrl,
}: {
  lead: LeadView
  report: WeatherReport | undefined
  business: BusinessConfig
  /** Whether the PDF is attached. */
  attached: boolean
  /** The "Confirm storm alerts" button's link, when the homeowner ticked the box and has not confirmed. */
  confirmUrl?: string
}) {
  const preview = report
    ? `${report.summary.line}.${attached ? ' The full report is attached.' : ''}`
    : `We are preparing your ${REPORT_NAME} and will send it within ${FACTS.hailReportDeliveryHours} hours.`
  return (
    <EmailPage preview={preview}>
      {report ? (
        <WithReport lead={lead} report={report} attached={attached} />
      ) : (
        <WithoutReport lead={lead} business={business} />
      )}
      {confirmUrl ? <ConfirmSection confirmUrl={confirmUrl} /> : null}
      <Offer business={business} />
      <Footer business={business} />
    </EmailPage>
  )
}
