// Mounted by the layout: the triggers are always there; the popup loads on first open.
import { lazy, Suspense, useState } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { useExitIntent } from './use-exit-intent'

const ExitIntentPopup = lazy(() => import('./ExitIntentPopup'))

export function ExitIntent() {
  const { urlPathname } = usePageContext()
  const { isOpen, close } = useExitIntent(urlPathname)
  const [loaded, setLoaded] = useState(false)
  if (isOpen && !loaded) setLoaded(true)
  return loaded ? (
    <Suspense fallback={null}>
      <ExitIntentPopup open={isOpen} onClose={close} />
    </Suspense>
  ) : null
}
