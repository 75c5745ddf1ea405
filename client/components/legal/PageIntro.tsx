/** A compact page header for text pages (sitemap, privacy, terms): no hero image needed. */
export function PageIntro({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string
  title: string
  children?: React.ReactNode
}) {
  return (
    <section className="page-intro">
      <div className="container">
        {eyebrow ? <p className="page-intro-eyebrow">{eyebrow}</p> : null}
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  )
}
