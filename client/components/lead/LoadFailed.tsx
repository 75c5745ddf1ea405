/**
 * What a visitor sees when a form could not be loaded even on a second try: the business's
 * phone number and the contact page, whose form is in the page itself and also works without
 * JavaScript. In the server HTML, hidden until needed, so it is there when the network is not.
 */
import { telHref } from '../../../shared/business'
import { ROUTES } from '../../../shared/routes'
import { useBusiness } from '../../hooks/use-business'
import { PhoneIcon } from '../ui/icons'

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
