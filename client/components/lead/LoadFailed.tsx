/**
 * What a visitor sees when a part of the page could not be loaded even on a second try:
 * the business's phone number and the contact page, whose form is in the page itself and
 * also works without JavaScript. Part of every page's script, so it is there when the
 * network is not.
 */
import { useId } from 'react'
import { telHref } from '../../../shared/business'
import { ROUTES } from '../../../shared/routes'
import { useBusiness } from '../../hooks/use-business'
import { PhoneIcon } from '../ui/icons'
import { LeadDialog } from './dialogs/LeadDialog'

const LOAD_FAILED_MESSAGE =
  "Sorry, this form didn't load. Please call us, or send your request from our contact page."

export function LoadFailedContent({
  className = '',
  message = LOAD_FAILED_MESSAGE,
}: {
  className?: string
  /** null: the actions alone. */
  message?: string | null
}) {
  const business = useBusiness()
  return (
    <div className={`load-failed ${className}`.trim()}>
      {message ? <p>{message}</p> : null}
      <div className="load-failed-actions">
        <a className="btn btn-primary btn-lg" href={telHref(business.phone)}>
          <PhoneIcon /> Call {business.phone}
        </a>
        <a className="btn btn-secondary btn-lg" href={ROUTES.contact.path}>
          Go to the contact page
        </a>
      </div>
    </div>
  )
}

/** The dialog a button opened, when its form could not be loaded. */
export function LoadFailedDialog({
  title,
  open,
  onClose,
}: {
  title: string
  open: boolean
  onClose: () => void
}) {
  const titleId = useId()
  return (
    <LeadDialog open={open} onClose={onClose} titleId={titleId} className="load-failed-dialog">
      <h2 id={titleId}>{title}</h2>
      <LoadFailedContent />
    </LeadDialog>
  )
}
