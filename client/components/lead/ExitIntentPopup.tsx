/**
 * The exit-intent popup 'Free Hail Weather Report' (spec sections 2 and 4): step 1 the
 * pitch with a map, step 2 a short form (form type exit_intent, no toast). Success closes
 * it and goes to /schedule-inspection; closing always returns it to step 1. On a phone it
 * is a bottom sheet no taller than 60% of the screen, never a full-screen interstitial.
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react'
import { FACTS } from '../../../shared/business'
import { LeadDialog } from './LeadDialog'

const loadForm = () => import('./ExitIntentForm')
const ExitIntentForm = lazy(loadForm)

export default function ExitIntentPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId()
  const [step, setStep] = useState<1 | 2>(1)

  // The form's code is fetched as soon as the popup first opens, so step 2 is instant.
  useEffect(() => {
    void loadForm()
  }, [])
  // Closing resets it to step 1.
  useEffect(() => {
    if (!open) setStep(1)
  }, [open])

  return (
    <LeadDialog open={open} onClose={onClose} titleId={titleId} className="exit-intent">
      {step === 1 ? (
        <div className="exit-intent-pitch">
          <img
            className="exit-intent-map"
            src="/uploads/popup/hail-map.svg"
            alt="Map of the Denver metro area with recent hail storm paths"
            width="480"
            height="240"
          />
          <div className="exit-intent-copy">
            <p className="eyebrow">Before you go</p>
            <h2 id={titleId}>Free Hail Weather Report</h2>
            <p>
              Was your roof hit? See every hail storm at your address over the past {FACTS.stormHistoryYears}{' '}
              years, with NOAA hail sizes and dates your insurer accepts. Free, no credit card.
            </p>
            <button
              type="button"
              className="btn btn-primary btn-lg btn-block"
              data-autofocus
              onClick={() => setStep(2)}
            >
              Find Out Instantly For Free
            </button>
          </div>
        </div>
      ) : (
        <div className="exit-intent-step2">
          <h2 id={titleId}>Free Hail Weather Report</h2>
          <p className="lead-dialog-intro">Where should we send your report?</p>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <ExitIntentForm onDone={onClose} />
          </Suspense>
        </div>
      )}
    </LeadDialog>
  )
}
