/**
 * /hail-report, the Extreme Weather Report: free, delivered within
 * 24 hours, no credit card, NOAA data, storm history for the past 5 years.
 */
import { FACTS } from '../../../shared/business'
import {
  REPORT_CONTENTS,
  REPORT_HAIL_IMPACT,
  REPORT_PROMISES,
  REPORT_REASONS,
} from '../../../shared/content/hail-report'
import { CityCardsSection } from '../../components/areas/CityCardsSection'
import { CardGridSection } from '../../components/content/CardGrid'
import { HailImpactCard } from '../../components/content/HailImpactCard'
import { HailReportForm, ScrollToHailReportForm } from '../../components/lead/HailReportForm'
import { HeroBanner } from '../../components/ui/HeroBanner'
import { CheckList } from '../../components/content/Lists'

export default function Page() {
  return (
    <>
      <HeroBanner
        eyebrow={`Free · Delivered within ${FACTS.hailReportDeliveryHours} hours`}
        title="Extreme Weather Report"
        subtitle={`Find out exactly when hail hit your home. Your free report shows every storm at your address over the past ${FACTS.stormHistoryYears} years, with hail sizes from NOAA data. No credit card required.`}
        cta={false}
      >
        <ScrollToHailReportForm>Get My Free Report</ScrollToHailReportForm>
      </HeroBanner>

      <CardGridSection
        id="report-inside"
        block={REPORT_CONTENTS}
        className="grid grid-3 plain-list"
        cardClassName="card"
      />

      <CardGridSection
        id="report-why"
        variant="alt"
        block={REPORT_REASONS}
        className="grid grid-4 plain-list reason-list"
        cardClassName="card reason-card"
        numberClassName="reason-number"
      />

      <section className="section section-dark hail-stat" aria-labelledby="colorado-hail">
        <div className="container hail-stat-inner">
          <p className="hail-stat-number" aria-hidden="true">
            {`${FACTS.coloradoHailStormsPerYear}+`}
          </p>
          <div>
            <h2 id="colorado-hail">
              Colorado Sees Over {FACTS.coloradoHailStormsPerYear} Hail Storms a Year
            </h2>
            <p>
              The Front Range sits in the heart of hail alley. Many Denver-area roofs have been hit more than
              once without the owner knowing, and insurance policies put time limits on claims. Your report
              shows what your roof has been through.
            </p>
          </div>
        </div>
      </section>

      <CityCardsSection
        id="hail-impact"
        block={REPORT_HAIL_IMPACT}
        renderCard={(city) => <HailImpactCard city={city} />}
      />

      <section className="section section-alt" aria-labelledby="report-request">
        <div className="container split report-request">
          <div>
            <p className="eyebrow">Request your report</p>
            <h2 id="report-request">Get Your Free Extreme Weather Report</h2>
            <p className="lead">
              {`Tell us where your property is and we will send your storm history within ${FACTS.hailReportDeliveryHours} hours.`}
            </p>
            <CheckList items={REPORT_PROMISES} />
          </div>
          <div className="report-form">
            <HailReportForm />
          </div>
        </div>
      </section>
    </>
  )
}
