/** A legal page (privacy, terms): its header with today's "Last updated" date, then the text. */
import { useData } from 'vike-react/useData'
import type { Data } from './last-updated-data'
import { PageIntro } from './PageIntro'

export function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  const { lastUpdated } = useData<Data>()
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
