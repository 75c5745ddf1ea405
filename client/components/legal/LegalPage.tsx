/** A legal page (privacy, terms): its header with today's "Last updated" date, then the text. */
import { formatCalendarDate } from '../../../shared/business-time'
import { useToday } from '../../hooks/use-today'
import { PageIntro } from './PageIntro'

export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  // Rendered on the server only, and the HTML of a known page is cached for the calendar day
  // (docs/decisions/002-html-cache.md), so the date shown is always today's: the day in Denver
  // the page is rendered for, the one the cache and Caddy's files are kept by, in the one date
  // style ('27 Nov 2026').
  const lastUpdated = formatCalendarDate(useToday())
  return (
    <>
      <PageIntro eyebrow="Legal" title={title}>
        <p className="last-updated">{`Last updated: ${lastUpdated}`}</p>
      </PageIntro>
      <div className="section">
        <article className="container legal-content">{children}</article>
      </div>
    </>
  )
}
