import type { FaqItem } from '../../../shared/content/types'

/** Questions and answers as native disclosure widgets: readable without JavaScript. */
export function FaqList({ items, openFirst = false }: { items: FaqItem[]; openFirst?: boolean }) {
  return (
    <div className="faq-list">
      {items.map((item, i) => (
        <details key={item.question} className="faq-item" open={openFirst && i === 0}>
          <summary>
            <h3 className="faq-question">{item.question}</h3>
          </summary>
          <p className="faq-answer">{item.answer}</p>
        </details>
      ))}
    </div>
  )
}
