// The tiny always-present part of the toasts (see toasts.ts): nothing loads until wanted.
import { lazy, Suspense } from 'react'
import { useToastsWanted } from './toasts'

const ToastArea = lazy(() => import('./ToastArea'))

export function ToastHost() {
  const wanted = useToastsWanted()
  return wanted ? (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  ) : null
}
