import type { Testimonial } from '../../../shared/content/types'
import { Stars } from './Stars'

export function Testimonials({ items }: { items: Testimonial[] }) {
  return (
    <ul className="grid grid-3 testimonial-list">
      {items.map((t) => (
        <li key={t.name} className="card testimonial">
          <Stars rating={t.rating} />
          <blockquote className="testimonial-text">
            <p>“{t.text}”</p>
          </blockquote>
          <div className="testimonial-author">
            <img src={t.image} alt="" width={48} height={48} loading="lazy" decoding="async" />
            <div>
              <p className="testimonial-name">{t.name}</p>
              <p className="testimonial-meta">
                {t.neighborhood}, {t.location} · {t.projectDate}
              </p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  )
}
