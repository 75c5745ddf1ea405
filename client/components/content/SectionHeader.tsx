export function SectionHeader({
  eyebrow,
  title,
  intro,
  id,
}: {
  eyebrow?: string
  title: React.ReactNode
  intro?: React.ReactNode
  id?: string
}) {
  return (
    <div className="section-header">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
    </div>
  )
}
