/**
 * /schedule-inspection: where every successful lead form ends (docs/routes.md). Not
 * indexed: the server sends X-Robots-Tag and the head a robots meta tag (client/pages/+Head.tsx).
 */
import { FACTS } from '../../../shared/business'
import { BookingWidget } from '../../components/lead/BookingWidget'

export default function Page() {
  return (
    <section className="section schedule-inspection">
      <div className="container">
        <header className="section-header schedule-header">
          <p className="eyebrow">Free roof inspection</p>
          <h1>Thank You! Your Request Has Been Submitted</h1>
          <p className="lead">
            {`Pick a time below that suits you and we'll see you at your property. Prefer to talk first? We'll call you within ${FACTS.callbackHours} hours either way.`}
          </p>
        </header>
        <BookingWidget />
      </div>
    </section>
  )
}
