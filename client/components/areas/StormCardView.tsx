/** A Central Park storm card: date, hail size, severity (Severe or Moderate), affected areas. */
import type { StormCard } from '../../../shared/content/types'

export function StormCardView({ storm }: { storm: StormCard }) {
  return (
    <article className="card storm-card">
      <div className="storm-card-top">
        <h3>{storm.date}</h3>
        <span className={`badge severity severity-${storm.severity.toLowerCase()}`}>{storm.severity}</span>
      </div>
      <dl className="storm-card-facts">
        <div>
          <dt>Hail size</dt>
          <dd>{`${storm.hailSize}"`}</dd>
        </div>
        <div>
          <dt>Affected areas</dt>
          <dd>{storm.affectedAreas}</dd>
        </div>
      </dl>
    </article>
  )
}
