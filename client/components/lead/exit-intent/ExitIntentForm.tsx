// Step 2 of the exit-intent popup: five required fields, form type exit_intent, no toast on success.
import { useEffect, useRef } from 'react'
import { navigate } from 'vike/client/router'
import { ROUTES } from '../../../../shared/routes'
import { EnquiryForm } from '../form/EnquiryForm'

export default function ExitIntentForm({ onDone }: { onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  // The button that led here is gone; the first field takes focus.
  useEffect(() => ref.current?.querySelector('input')?.focus(), [])
  return (
    <div ref={ref}>
      <EnquiryForm
        form="exit_intent"
        submitLabel="Get My Free Report"
        onSuccess={() => {
          onDone()
          void navigate(ROUTES.scheduleInspection.path)
        }}
      />
    </div>
  )
}
