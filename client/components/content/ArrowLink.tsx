/** Links with an arrow after them ("Learn more →"): inline, closing a section, or beside the inspection button. */
import { InspectionButton } from '../lead/InspectionButton'
import { ArrowRightIcon } from '../ui/icons'

export function ArrowLink({
  href,
  text,
  className = 'link-arrow',
}: {
  href: string
  text: string
  className?: string
}) {
  return (
    <a className={className} href={href}>
      {`${text} `}
      <ArrowRightIcon width={16} height={16} />
    </a>
  )
}

/** The link under a section to the page that says more, centred. */
export function MoreLink(props: { href: string; text: string; className?: string }) {
  return (
    <p className="section-more">
      <ArrowLink {...props} />
    </p>
  )
}

/** The inspection button with a link beside it, under a section's text. */
export function InspectionActions({ href, text }: { href: string; text: string }) {
  return (
    <div className="inline-actions">
      <InspectionButton />
      <ArrowLink href={href} text={text} />
    </div>
  )
}
