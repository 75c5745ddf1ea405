/**
 * /terms: estimates, payment due on completion unless agreed,
 * warranties, 24-hour cancellation notice, weather delays, customer responsibilities and
 * arbitration under Colorado law; last-updated date from +data.ts.
 */
import { FACTS, telHref } from '../../../shared/business'
import { ROUTES } from '../../../shared/routes'
import { LegalPage } from '../../components/legal/LegalPage'
import { useBusiness } from '../../hooks/use-business'

export default function Page() {
  const business = useBusiness()
  return (
    <LegalPage title="Terms of Service">
      <p className="lead">
        These terms apply to this website and to the roofing services {business.name} provides. By using the
        site or scheduling work with us, you agree to them.
      </p>

      <h2>Estimates</h2>
      <p>
        {`Roof inspections and estimates are free. An estimate is based on what we can see at the time of inspection and is valid for ${FACTS.estimateValidDays} days. Hidden damage found once work begins (for example rotted decking) is documented with photos and discussed with you, and with your insurer where a claim is involved, before any additional work is done.`}
      </p>

      <h2>Payment</h2>
      <p>
        Payment is due on completion of the work unless we agree otherwise in writing. For insurance claims,
        you are responsible for your deductible and for any upgrades you choose that your policy does not
        cover; insurance proceeds for the work are payable to us as they are released.
      </p>

      <h2>Warranties</h2>
      <p>
        Shingles and other materials carry their manufacturer’s warranty, typically{' '}
        {FACTS.shingleWarrantyServices} for the shingles we install. We also warrant our workmanship as set
        out in your written contract. Warranties do not cover damage from later storms, alterations by others
        or lack of reasonable maintenance.
      </p>

      <h2>Cancellations</h2>
      {/* Laid out by hand: joining "{' '}" and "hours" would change how React splits the text. */}
      {/* prettier-ignore */}
      <p>
        You may cancel or reschedule an appointment without a fee up to {FACTS.cancellationNoticeHours}{' '}
        hours before it begins. Please give us at least {FACTS.cancellationNoticeHours} hours’ notice by phone
        or e-mail. Your statutory right to cancel a signed contract is not affected.
      </p>

      <h2>Weather Delays</h2>
      <p>
        Roofing depends on the weather. We may reschedule work because of rain, hail, high wind, snow or
        extreme temperatures to protect your home and our crew. Weather delays are not a breach of contract,
        and we will give you a new date as soon as conditions allow.
      </p>

      <h2>Customer Responsibilities</h2>
      <ul>
        <li>Give us safe access to the roof, driveway and work area on the scheduled days.</li>
        <li>Move vehicles, and cover or move valuables in the attic and near exterior walls.</li>
        <li>Keep children and pets away from the work area while we are on site.</li>
        <li>Tell us about known issues such as leaks, solar panels, satellite dishes or skylights.</li>
        <li>Share insurance correspondence that affects the scope of work.</li>
      </ul>

      <h2>Website Content</h2>
      <p>
        Information on this website, including storm and hail data, is provided for general guidance. It is
        not a guarantee that your insurer will approve a claim; coverage depends on your policy.
      </p>

      <h2>Disputes and Arbitration</h2>
      <p>
        If a dispute arises, we will first try to resolve it with you directly. Any dispute we cannot resolve
        will be settled by binding arbitration in Colorado, under the laws of the State of Colorado.
      </p>

      <h2>Contact Us</h2>
      <p>
        Questions about these terms? Contact {business.name} at{' '}
        <a href={`mailto:${business.email}`}>{business.email}</a> or{' '}
        <a href={telHref(business.phone)}>{business.phone}</a>. See also our{' '}
        <a href={ROUTES.privacy.path}>Privacy Policy</a>.
      </p>
    </LegalPage>
  )
}
