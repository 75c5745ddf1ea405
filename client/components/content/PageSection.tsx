/** A standard page section: `section` (optionally alt or dark), a container and a SectionHeader whose h2 labels it. */
import { SectionHeader } from './SectionHeader'

export function PageSection({
  headingId,
  eyebrow,
  title,
  intro,
  variant,
  children,
}: {
  /** The h2's id, also the section's aria-labelledby. */
  headingId: string
  eyebrow?: string
  title: React.ReactNode
  intro?: React.ReactNode
  variant?: 'alt' | 'dark'
  children?: React.ReactNode
}) {
  const classes = variant ? `section section-${variant}` : 'section'
  return (
    <section className={classes} aria-labelledby={headingId}>
      <div className="container">
        <SectionHeader id={headingId} eyebrow={eyebrow} title={title} intro={intro} />
        {children}
      </div>
    </section>
  )
}
