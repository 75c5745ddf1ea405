import type { ProcessStep } from '../../../shared/content/types'

/** Numbered process steps: number, title, description. */
export function ProcessSteps({ steps }: { steps: ProcessStep[] }) {
  return (
    <ol className="process-steps">
      {steps.map((s) => (
        <li key={s.step} className="process-step">
          <span className="process-step-number" aria-hidden="true">
            {s.step}
          </span>
          <div>
            <h3>
              <span className="visually-hidden">Step {s.step}: </span>
              {s.title}
            </h3>
            <p>{s.description}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}
