// The tiny always-present part of the toasts (see toasts.ts): nothing loads until wanted.
// If the toast library cannot be loaded, the messages still show, in a plain box.
import { Suspense, useEffect, useState } from 'react'
import { attachToastSink, useToastsWanted, type ToastMessage } from './toasts'
import { lazyPart, PartBoundary } from '../app/lazy-part'
import { LoadFailedContent } from '../lead/LoadFailed'

const toastArea = lazyPart(() => import('./ToastArea'))

export function ToastHost() {
  const wanted = useToastsWanted()
  return wanted ? (
    <PartBoundary name="toasts" fallback={<PlainToasts />}>
      <Suspense fallback={null}>
        <toastArea.Render />
      </Suspense>
    </PartBoundary>
  ) : null
}

/** The messages as a plain list; after an error, the phone number and contact page too. */
function PlainToasts() {
  const [messages, setMessages] = useState<ToastMessage[]>([])
  useEffect(() => attachToastSink((t) => setMessages((list) => [...list.slice(-2), t])), [])
  if (messages.length === 0) return null
  return (
    <div className="plain-toasts" role="alert">
      {messages.map((t, i) => (
        <p key={i} className={`plain-toast plain-toast-${t.kind}`}>
          {t.message}
        </p>
      ))}
      {messages.some((t) => t.kind === 'error') ? (
        <LoadFailedContent className="plain-toasts-help" message={null} />
      ) : null}
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => setMessages([])}>
        Dismiss
      </button>
    </div>
  )
}
