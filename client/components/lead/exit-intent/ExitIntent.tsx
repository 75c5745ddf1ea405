// Mounted by the layout: the triggers are always there; the popup's code loads on first
// open, and if it cannot be loaded the visitor gets the phone number and the contact page.
import { Suspense } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { useExitIntent } from './use-exit-intent'
import { lazyPart, PartBoundary } from '../../app/lazy-part'
import { EXIT_INTENT_TITLE } from '../dialogs/dialog-ids'
import { LoadFailedDialog } from '../LoadFailed'

const exitIntentPopup = lazyPart(() => import('./ExitIntentPopup'))

export function ExitIntent() {
  const { urlPathname } = usePageContext()
  // Each opening may try the popup's code again after a failure.
  const { isOpen, close, openCount } = useExitIntent(urlPathname, { onOpen: exitIntentPopup.retry })
  if (openCount === 0) return null
  return (
    <PartBoundary
      key={openCount}
      name="exit-intent popup"
      fallback={<LoadFailedDialog title={EXIT_INTENT_TITLE} open={isOpen} onClose={close} />}
    >
      <Suspense fallback={null}>
        <exitIntentPopup.Render open={isOpen} onClose={close} />
      </Suspense>
    </PartBoundary>
  )
}
