/**
 * The exit-intent popup 'Free Hail Weather Report': step 1 the pitch with a map, step 2 a
 * short form (form type exit_intent, no toast). Success closes it and goes to
 * /schedule-inspection; closing always returns it to step 1. On a phone it is a bottom
 * sheet no taller than 60% of the screen, never a full-screen interstitial.
 *
 * Step 2's code (and the toasts' it would ask for) starts loading the moment the popup
 * opens, so 'Find Out Instantly For Free' shows the fields at once: no network request, no
 * loading state in between.
 */
import { Suspense, useEffect, useId, useState } from 'react'
import { LeadDialog } from '../dialogs/LeadDialog'
import { lazyPart, PartBoundary } from '../../app/lazy-part'
import { ExitIntentPitch } from './ExitIntentPitch'
import { EXIT_INTENT_TITLE } from '../dialogs/dialog-ids'
import { LoadFailedContent } from '../LoadFailed'
import { preloadToasts } from '../../toasts/toasts'

const exitIntentForm = lazyPart(() => import('./ExitIntentForm'))

export default function ExitIntentPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId()
  const [step, setStep] = useState<1 | 2>(1)

  useEffect(() => {
    if (open) {
      exitIntentForm.retry()
      exitIntentForm.preload()
      // The form would ask for the toasts' code as it appears; ask now instead.
      preloadToasts()
    }
  }, [open])
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
            <h2 id={titleId}>{EXIT_INTENT_TITLE}</h2>
            <ExitIntentPitch />
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
          <h2 id={titleId}>{EXIT_INTENT_TITLE}</h2>
          <p className="lead-dialog-intro">Where should we send your report?</p>
          <PartBoundary name="hail report form" fallback={<LoadFailedContent />}>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <exitIntentForm.Render onDone={onClose} />
            </Suspense>
          </PartBoundary>
        </div>
      )}
    </LeadDialog>
  )
}
