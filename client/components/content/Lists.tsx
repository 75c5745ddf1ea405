/** Two small lists the pages share: check-marked lines and rounded chips. */
import { CheckIcon } from '../ui/icons'

export function CheckList({ items }: { items: string[] }) {
  return (
    <ul className="check-list">
      {items.map((item) => (
        <li key={item}>
          <CheckIcon /> {item}
        </li>
      ))}
    </ul>
  )
}

export function ChipList({
  items,
  className = 'chip-list',
}: {
  items: readonly string[]
  className?: string
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="chip">
          {item}
        </li>
      ))}
    </ul>
  )
}
