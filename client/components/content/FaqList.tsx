import type { FaqItem } from '../../../shared/content/types'

/** Questions and answers as native disclosure widgets: readable without JavaScript. */
export function FaqList({ items }: { items: FaqItem[] }) {
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details key={item.question} className="faq-item">
          <summary>
            <h3 className="faq-question">{item.question}</h3>
          </summary>
          <p className="faq-answer">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}

/** Questions and answers laid out as open cards, two columns on wide screens. */
export function QaCards({ items }: { items: FaqItem[] }) {
  return (
    <ul className="grid grid-2 qa-cards">
      {items.map((qa) => (
        <li key={qa.question} className="card qa-card">
          <h3>{qa.question}</h3>
          <p>{qa.answer}</p>
        </li>
      ))}
    </ul>
  )
}
