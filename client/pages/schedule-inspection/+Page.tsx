/**
 * /schedule-inspection: where every successful lead form ends (docs/routes.md). Not
 * indexed: the server sends X-Robots-Tag and the head a robots meta tag (client/pages/+Head.tsx).
 */
import { FACTS } from '../../../shared/business'
import { usePageContext } from 'vike-react/usePageContext'
import { HAIL_SUMMARY_TEXT } from '../../../shared/hail-summary'
import { HAIL_SUMMARY_REGION } from '../../dom-contract'
import { BookingWidget } from '../../components/lead/BookingWidget'

export default function Page() {
  const { hailReportSent } = usePageContext()
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
        {/* A hail report request sent without JavaScript lands on this variant (server/http/ssr.ts). */}
        {hailReportSent ? (
          <div className="hail-report-sent" role="status">
            <p className="form-success-title">{HAIL_SUMMARY_TEXT.onItsWay}</p>
            <p>{HAIL_SUMMARY_TEXT.fullReport}</p>
          </div>
        ) : null}
        <div className="hail-summary-region" hidden {...{ [HAIL_SUMMARY_REGION]: '' }}>
          <p className="form-success-title">{HAIL_SUMMARY_TEXT.onItsWay}</p>
          <div role="status" />
        </div>
        <BookingWidget />
      </div>
    </section>
  )
}
