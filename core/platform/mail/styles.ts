/** Inline styles of the e-mails (mail clients ignore most stylesheets). */
import type { CSSProperties } from 'react'

const font = '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif'

export const styles = {
  body: { backgroundColor: '#f4f5f7', fontFamily: font, margin: 0, padding: '16px 0' },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', padding: '24px', borderRadius: '6px' },
  h1: { fontSize: '22px', lineHeight: '28px', margin: '0 0 8px', color: '#14213d' },
  /** A section heading of the homeowner's storm e-mails (the weather report, the storm alert). */
  h2: { fontSize: '17px', lineHeight: '24px', margin: '20px 0 4px', color: '#0b2545' },
  lead: { fontSize: '16px', margin: '0 0 16px', color: '#333333' },
  text: { fontSize: '16px', lineHeight: '24px', color: '#333333' },
  notice: {
    fontSize: '15px',
    backgroundColor: '#fff4e5',
    borderLeft: '4px solid #e07a00',
    padding: '8px 12px',
    margin: '0 0 16px',
  },
  /**
   * What a homeowner's storm e-mail is about, in a box that stands out: the report's summary, the
   * alert's estimate. Its own bold line first, then `highlightNote`, smaller, below it.
   */
  highlight: {
    backgroundColor: '#f2f6fb',
    borderLeft: '4px solid #c2410c',
    padding: '12px 16px',
    margin: '0 0 16px',
  },
  highlightNote: { fontSize: '15px', lineHeight: '22px', color: '#13365f', margin: '6px 0 0' },
  buttonRow: { margin: '8px 0 20px' },
  button: {
    display: 'inline-block',
    backgroundColor: '#c8102e',
    color: '#ffffff',
    fontSize: '17px',
    fontWeight: 700,
    padding: '12px 20px',
    borderRadius: '6px',
    textDecoration: 'none',
  },
  table: { borderCollapse: 'collapse' },
  th: {
    verticalAlign: 'top',
    fontSize: '14px',
    color: '#555555',
    padding: '6px 12px 6px 0',
    width: '110px',
    fontWeight: 600,
  },
  td: { verticalAlign: 'top', fontSize: '15px', color: '#111111', padding: '6px 0' },
  hr: { borderColor: '#dddddd', margin: '20px 0 12px' },
  small: { fontSize: '13px', color: '#666666' },
  /** The 'Came from' lines: read at a glance, below the homeowner's name. */
  source: { fontSize: '14px', color: '#333333', margin: '0 0 6px' },
} satisfies Record<string, CSSProperties>
