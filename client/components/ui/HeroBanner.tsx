/**
 * Hero banner, shared by the pages: title, subtitle, background image and an
 * optional call to action (default target /contact, default text
 * 'Schedule Your Free Roof Inspection').
 */
import { ROUTES } from '../../../shared/routes'

export interface HeroBannerProps {
  title: React.ReactNode
  subtitle?: React.ReactNode
  backgroundImage?: string
  /** Pass false to show no call to action. */
  cta?: false | { href?: string; text?: string }
  /** Extra content under the call to action (badges, a second button). */
  children?: React.ReactNode
  eyebrow?: React.ReactNode
}

const DEFAULT_HERO_CTA = { href: ROUTES.contact.path, text: 'Schedule Your Free Roof Inspection' }

export function HeroBanner({
  title,
  subtitle,
  backgroundImage = '/uploads/hero/storm-roofs.svg',
  cta = {},
  children,
  eyebrow,
}: HeroBannerProps) {
  const action = cta === false ? null : { ...DEFAULT_HERO_CTA, ...cta }
  return (
    <section className="hero">
      <img
        className="hero-bg"
        src={backgroundImage}
        alt=""
        width={1600}
        height={800}
        fetchPriority="high"
        decoding="async"
      />
      <div className="container hero-content">
        {eyebrow ? <p className="hero-eyebrow">{eyebrow}</p> : null}
        <h1 className="hero-title">{title}</h1>
        {subtitle ? <p className="hero-subtitle">{subtitle}</p> : null}
        {action || children ? (
          <div className="hero-actions">
            {action ? (
              <a className="btn btn-primary btn-lg" href={action.href}>
                {action.text}
              </a>
            ) : null}
            {children}
          </div>
        ) : null}
      </div>
    </section>
  )
}
