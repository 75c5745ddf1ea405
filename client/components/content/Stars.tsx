import { StarIcon } from '../ui/icons'

/** A rating drawn as stars, read out as "Rated N out of 5". */
export function Stars({ rating, size = 18 }: { rating: number; size?: number }) {
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} width={size} height={size} className={i < rating ? 'star-on' : 'star-off'} />
      ))}
    </span>
  )
}
