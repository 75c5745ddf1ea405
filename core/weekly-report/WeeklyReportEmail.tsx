/**
 * The weekly report e-mail's HTML part (React Email, like the worker's e-mails). The sources
 * are a bar chart made of table cells with widths and background colours, which Outlook, Gmail
 * and Apple Mail all display (no image to block, no CSS they drop). The chart is a real data
 * table (caption, column and row headers, the numbers in cells), and the bars are hidden from
 * screen readers, which read the numbers; the text part (words.ts) gives the same figures.
 */
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type { CSSProperties } from 'react'
import { formatOfficeTime } from '../../shared/business-time'
import { styles } from '../platform/mail/styles'
import { bookedOf, bookingRate, formatLeadTime, type FunnelRow } from '../bookings'
import type { WeeklyFigures } from './figures'
import { plural } from '../platform/words'
import { listedUndelivered, moreUndelivered, NOTES, speedLines, weekBounds, weekSpan } from './words'

const THIS_WEEK = '#c8102e'
const WEEK_BEFORE = '#8a94a6'
const BAR_HEIGHT = 10

const s = {
  caption: { textAlign: 'left', fontSize: '17px', fontWeight: 700, color: '#14213d', padding: '0 0 8px' },
  colHead: { fontSize: '13px', color: '#555555', fontWeight: 600, padding: '0 0 6px', textAlign: 'right' },
  rowHead: {
    fontSize: '15px',
    color: '#111111',
    fontWeight: 600,
    textAlign: 'left',
    padding: '8px 8px 2px 0',
  },
  number: { fontSize: '15px', color: '#111111', textAlign: 'right', padding: '8px 0 2px 8px', width: '64px' },
  formCell: { padding: '6px 0', borderBottom: '1px solid #eeeeee', verticalAlign: 'top' },
  barCell: { padding: '0 0 8px', borderBottom: '1px solid #eeeeee' },
  legend: { fontSize: '13px', fontWeight: 400, color: '#555555', lineHeight: '24px' },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    fontSize: '1px',
    lineHeight: '1px',
    verticalAlign: 'middle',
  },
  figure: { fontSize: '28px', fontWeight: 700, color: '#14213d', margin: '0' },
  figureLabel: { fontSize: '14px', color: '#555555', margin: '0 0 16px' },
  line: { fontSize: '15px', lineHeight: '22px', color: '#111111', margin: '0 0 4px' },
  section: { margin: '24px 0 0' },
  h2: { fontSize: '17px', fontWeight: 700, color: '#14213d', margin: '0 0 8px' },
} satisfies Record<string, CSSProperties>

/**
 * The bgcolor attribute as well as the style: Outlook on Windows (Word's renderer) paints a
 * cell's background from either, some webmail only from the attribute. React's types do not
 * list it; React renders it as given.
 */
function legacyBackground(colour: string): Record<string, string> {
  return { bgcolor: colour }
}

/** One bar: a cell `count / max` of the width wide, in `colour`; nothing for 0. */
function Bar({ count, max, colour }: { count: number; max: number; colour: string }) {
  const pct = max ? Math.max(1, Math.round((count / max) * 100)) : 0
  const cell = { height: `${BAR_HEIGHT}px`, fontSize: '1px', lineHeight: '1px' }
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '2px 0' }}>
      <tbody>
        <tr>
          {count ? (
            <td width={`${pct}%`} {...legacyBackground(colour)} style={{ ...cell, backgroundColor: colour }}>
              &nbsp;
            </td>
          ) : null}
          {pct < 100 ? (
            <td width={`${100 - pct}%`} style={cell}>
              &nbsp;
            </td>
          ) : null}
        </tr>
      </tbody>
    </table>
  )
}

/** A table's column headers: the first column's (the row headers') on the left, the numbers' on the right. */
function ColumnHeads({ names }: { names: readonly string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name, i) => (
          <th key={name} scope="col" style={i === 0 ? { ...s.colHead, textAlign: 'left' } : s.colHead}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  )
}

function SourceChart({ f }: { f: WeeklyFigures }) {
  const max = Math.max(1, ...f.sources.flatMap((x) => [x.leads, x.previous]))
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
      <caption style={s.caption}>
        Leads by source
        <br />
        <span style={s.legend} aria-hidden="true">
          <span style={{ ...s.swatch, backgroundColor: THIS_WEEK }}>&nbsp;</span>
          {' This week'}
          <span style={{ ...s.swatch, backgroundColor: WEEK_BEFORE, marginLeft: '16px' }}>&nbsp;</span>
          {' Week before'}
        </span>
      </caption>
      <ColumnHeads names={['Source', 'This week', 'Week before']} />
      {f.sources.map((x) => (
        <tbody key={x.source}>
          <tr>
            <th scope="row" style={s.rowHead}>
              {x.source}
            </th>
            <td style={s.number}>{x.leads}</td>
            <td style={{ ...s.number, color: '#555555' }}>{x.previous}</td>
          </tr>
          <tr aria-hidden="true">
            <td colSpan={3} style={s.barCell}>
              <Bar count={x.leads} max={max} colour={THIS_WEEK} />
              <Bar count={x.previous} max={max} colour={WEEK_BEFORE} />
            </td>
          </tr>
        </tbody>
      ))}
    </table>
  )
}

function FormTable({ f }: { f: WeeklyFigures }) {
  return (
    <table width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
      <caption style={s.caption}>Leads by form</caption>
      <ColumnHeads names={['Form', 'Leads']} />
      <tbody>
        {f.forms.map((form) => (
          <tr key={form.form}>
            <th scope="row" style={{ ...s.rowHead, ...s.formCell, fontWeight: 400 }}>
              {form.label}
            </th>
            <td style={{ ...s.number, ...s.formCell }}>{form.leads}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The booking rate, and under it, small, how many of how many: '50%' / '4 of 8'. */
function Rate({ booked, leads, withoutForm }: { booked: number; leads: number; withoutForm: number }) {
  return (
    <>
      <span style={{ fontWeight: 700 }}>{bookingRate(booked, leads)}</span>
      <br />
      <span
        style={{ fontSize: '13px', color: '#555555', whiteSpace: 'nowrap' }}
      >{`${booked} of ${leads}`}</span>
      {withoutForm ? (
        <>
          <br />
          <span
            style={{ fontSize: '13px', color: '#555555', whiteSpace: 'nowrap' }}
          >{`+${withoutForm} booked without a form`}</span>
        </>
      ) : null}
    </>
  )
}

/** A funnel table: booked of the leads, this week and the week before, a row each. */
function BookedTable({ caption, head, rows }: { caption: string; head: string; rows: FunnelRow[] }) {
  return (
    <table
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', marginBottom: '16px' }}
    >
      <caption style={s.caption}>{caption}</caption>
      <ColumnHeads names={[head, 'This week', 'Week before']} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row" style={{ ...s.rowHead, ...s.formCell, fontWeight: 400 }}>
              {r.key}
            </th>
            <td style={{ ...s.number, ...s.formCell }}>
              <Rate booked={r.booked} leads={r.leads} withoutForm={r.withoutForm} />
            </td>
            <td style={{ ...s.number, ...s.formCell, color: '#555555' }}>
              <Rate booked={r.previousBooked} leads={r.previousLeads} withoutForm={r.previousWithoutForm} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Bookings: how many of the week's leads booked, by source and form, and who still has not. */
function BookingsSection({ f }: { f: WeeklyFigures }) {
  const b = f.bookings
  return (
    <Section style={s.section}>
      <Heading as="h2" style={s.h2}>
        Bookings
      </Heading>
      <Text style={s.figure}>{`${bookingRate(b.total.booked, b.total.leads)} booked`}</Text>
      <Text style={s.figureLabel}>
        {`${b.total.booked} of this week's ${b.total.leads} leads. The week before: ${bookedOf(b.total.previousBooked, b.total.previousLeads).replace(/ /g, '\u00a0')}.`}
      </Text>
      {b.total.withoutForm || b.total.previousWithoutForm ? (
        <Text style={{ ...s.line, margin: '0 0 8px' }}>
          {`Booked without a form (no lead matched): ${b.total.withoutForm}. The week before: ${b.total.previousWithoutForm}. Counted under their source below.`}
        </Text>
      ) : null}
      <Text style={{ ...s.line, margin: '0 0 16px' }}>
        {`Median time from lead to booking: ${b.medianToBookingMs === null ? 'no booking yet' : formatLeadTime(b.medianToBookingMs).replace(/ /g, '\u00a0')}.`}
      </Text>
      {b.bySource.length ? (
        <>
          <BookedTable caption="Booked by source (last touch)" head="Source" rows={b.bySource} />
          <BookedTable caption="Booked by source (first touch)" head="Source" rows={b.byFirstTouch} />
        </>
      ) : null}
      <BookedTable caption="Booked by form" head="Form" rows={b.byForm} />
      <Text style={s.line}>
        {`Still not booked or marked: ${b.open.count} of this week's leads (the week before: ${b.open.previousCount}).`}
      </Text>
      {b.open.first.length ? (
        <ul style={{ margin: '4px 0 0', paddingLeft: '20px' }}>
          {b.open.first.map((o) => (
            <li key={o.id} style={{ ...s.line, margin: '0 0 6px' }}>
              {`${o.name}, received ${formatOfficeTime(o.createdAt)}${o.state === 'canceled' ? ': canceled its booking' : ''}`}
              <br />
              <span style={styles.small}>{`lead ${o.id}`}</span>
            </li>
          ))}
          {b.open.count > b.open.first.length ? (
            <li style={s.line}>{`and ${b.open.count - b.open.first.length} more: site-admin leads list`}</li>
          ) : null}
        </ul>
      ) : null}
    </Section>
  )
}

export function WeeklyReportEmail({ f }: { f: WeeklyFigures }) {
  const change = f.leads - f.previousLeads
  return (
    <Html lang="en">
      <Head />
      <Preview>{`${plural(f.leads, 'lead')} last week (the week before: ${f.previousLeads}). ${f.quarantined} held as spam.`}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Heading as="h1" style={styles.h1}>
            Your week in leads
          </Heading>
          <Text style={styles.lead}>
            {`Week of ${weekSpan(f.week)}`}
            <br />
            <span style={styles.small}>{`(${weekBounds()})`}</span>
          </Text>
          <Text style={s.figure}>{plural(f.leads, 'lead')}</Text>
          <Text style={s.figureLabel}>
            {`The week before: ${f.previousLeads}${change ? ` (${change > 0 ? '+' : '−'}${Math.abs(change)})` : ''}`}
          </Text>

          <Section style={s.section}>
            {f.sources.length ? (
              <SourceChart f={f} />
            ) : (
              <Text style={s.line}>No leads from any source in either week.</Text>
            )}
          </Section>

          <Section style={s.section}>
            <FormTable f={f} />
          </Section>

          <Section style={s.section}>
            <Heading as="h2" style={s.h2}>
              Spam
            </Heading>
            <Text style={s.line}>{`Held as spam: ${f.quarantined}`}</Text>
            <Text style={s.line}>{`Released from the hold: ${f.released}`}</Text>
            <Text style={s.line}>{`Delivered leads marked "This is spam": ${f.markedSpam}`}</Text>
          </Section>

          <Section style={s.section}>
            <Heading as="h2" style={s.h2}>
              How quickly leads reached the office
            </Heading>
            {speedLines(f).map((line) => (
              <Text key={line} style={s.line}>
                {line}
              </Text>
            ))}
            {f.speed.undelivered.length ? (
              <ul style={{ margin: '4px 0 0', paddingLeft: '20px' }}>
                {listedUndelivered(f).map((u) => (
                  <li key={u.id} style={{ ...s.line, margin: '0 0 6px' }}>
                    {`${u.name}, received ${formatOfficeTime(u.createdAt)}: ${u.state}`}
                    <br />
                    <span style={styles.small}>{`lead ${u.id}`}</span>
                  </li>
                ))}
                {moreUndelivered(f) ? <li style={s.line}>{moreUndelivered(f)}</li> : null}
              </ul>
            ) : null}
          </Section>

          <BookingsSection f={f} />

          <Hr style={styles.hr} />
          {NOTES.map((note) => (
            <Text key={note} style={{ ...styles.small, lineHeight: '18px', margin: '0 0 6px' }}>
              {note}
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  )
}
