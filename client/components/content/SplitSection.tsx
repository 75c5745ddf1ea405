/**
 * A section of two columns (one on a phone): the eyebrow, the h2 that labels the section and
 * the text on one side, something to look at (a photo, a video, a card, a form) on the other.
 */
export function SplitSection({
  headingId,
  eyebrow,
  title,
  variant,
  className,
  aside,
  children,
}: {
  /** The h2's id, also the section's aria-labelledby. */
  headingId: string
  eyebrow: string
  title: React.ReactNode
  variant?: 'alt'
  /** Any extra class of the two-column container. */
  className?: string
  /** The second column. */
  aside?: React.ReactNode
  /** The first column's content under the heading. */
  children?: React.ReactNode
}) {
  return (
    <section className={variant ? `section section-${variant}` : 'section'} aria-labelledby={headingId}>
      <div className={className ? `container split ${className}` : 'container split'}>
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={headingId}>{title}</h2>
          {children}
        </div>
        {aside}
      </div>
    </section>
  )
}
