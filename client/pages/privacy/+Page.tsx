/** /privacy: legal text under today's "Last updated" date (LegalPage, +data.ts). */
import { FIRST_TOUCH_WINDOW_MS } from '../../../shared/attribution'
import { FACTS, telHref } from '../../../shared/business'
import { STORM_ALERTS_LABEL } from '../../../shared/lead-fields'
import { CONFIRM_BUTTON, CONSENT_LAPSE_DAYS } from '../../../shared/storm-alerts-consent'
import { ROUTES } from '../../../shared/routes'
import { LegalPage } from '../../components/legal/LegalPage'
import { EXIT_INTENT_SUPPRESS_MS } from '../../script-layer/exit-intent-rules'
import { useBusiness } from '../../hooks/use-business'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const FIRST_TOUCH_DAYS = FIRST_TOUCH_WINDOW_MS / DAY_MS
/**
 * The worker's default for SPAM_RETENTION_DAYS (worker/config.ts); a site that changes it
 * changes this sentence too (docs/spam.md).
 */
const SPAM_RETENTION_DAYS = 30

export default function Page() {
  const business = useBusiness()
  return (
    <LegalPage title="Privacy Policy">
      <p className="lead">
        {business.name} respects your privacy. This policy explains what we collect when you use this website,
        why we collect it, how long we keep it and the choices you have.
      </p>

      <h2>Information We Collect</h2>
      <p>
        When you request a free roof inspection, a weather report or contact us through a form on this site,
        we collect the details you enter:
      </p>
      <ul>
        <li>your first and last name;</li>
        <li>your e-mail address;</li>
        <li>your phone number;</li>
        <li>your property address;</li>
        <li>any message you choose to send us about your roof.</li>
      </ul>
      <p>
        We also record which form you used and when you sent it. Our web server keeps standard technical logs
        (such as the page requested and the time) to keep the site secure; these logs do not contain the
        contents of your forms.
      </p>
      <p>
        If we update the website while you are filling in a form, your browser may have to load the page
        again. It then keeps what you have typed in that browser tab for the moment this takes, puts it back
        into the form and deletes its copy. Nothing you type reaches us until you send the form.
      </p>

      <h3>How You Found Us</h3>
      <p>
        When you send a form, we also record how you found our website, so we know which of our advertising
        and mailers actually help homeowners and which we can stop paying for:
      </p>
      <ul>
        <li>
          the campaign details in the link you followed, if it had any (for example
          &ldquo;utm_source=google&rdquo; or an ad&rsquo;s click number from Google, Microsoft or Facebook);
        </li>
        <li>the website that sent you here, by its address only (such as www.google.com), not the page;</li>
        <li>the first page of our site you saw, and the page the form was on;</li>
        <li>{`the same for your first visit, if you first came to our site in the last ${FIRST_TOUCH_DAYS} days, and when that was.`}</li>
      </ul>
      <p>
        Your browser keeps these few details on your own device until you send a form (for this visit, and for
        your first visit for {FIRST_TOUCH_DAYS} days). They are never sent to anyone else, and we do not use
        them to follow you on other websites.
      </p>
      <p>
        When the link you followed to our site has campaign details, our server also sets two cookies of its
        own, so that a form still says how you found us if scripts are turned off in your browser. They hold
        only the campaign details and the page you arrived on: &ldquo;visit_touch&rdquo; for this visit (it is
        deleted when you close your browser), and &ldquo;first_touch&rdquo;, with the date and time, for your
        first such visit (it is deleted after {FIRST_TOUCH_DAYS} days). Only our own server reads them, and
        only when you send a form. If your browser refuses cookies, every form still works; we then simply do
        not know how you found us.
      </p>

      <h3>Keeping Out Spam</h3>
      <p>
        To keep automated spam away from our office, our server checks each form for signs of a robot, such as
        a form filled in faster than a person can. For that, your browser asks our server for a one-time code
        when a form appears on your screen; the server notes when it gave the code out and when a form sent it
        back, and nothing about you. A message that looks like spam is kept aside instead of being passed on,
        and deleted after {SPAM_RETENTION_DAYS} days unless we find it was a real request, which we then
        answer as usual. When our office marks a message as spam or as a real request, the names and the
        message are kept to teach our spam filter the difference.
      </p>

      <h3>Your Weather Report</h3>
      <p>
        When you ask for the free hail weather report, our server sends the property address you entered, and
        nothing else about you, to the US Census Bureau&rsquo;s public geocoder, which tells us where the
        property is on the map. We keep that point with your request and compare it with the storm records and
        the radar hail estimates that NOAA publishes; the radar data we keep is NOAA&rsquo;s, for the whole
        service area, and holds nothing about you. If you ask for the report with scripts turned off in your
        browser, we set one cookie for two minutes so the next page can tell you the report is on its way.
      </p>

      <StormAlertsSection />

      <h2>Why We Collect It</h2>
      <p>We use your information only to:</p>
      <ul>
        <li>contact you about the inspection, estimate or report you asked for;</li>
        <li>schedule and carry out work at your property;</li>
        <li>help you with your insurance claim when you ask us to;</li>
        <li>prevent duplicate or abusive submissions and keep the website secure.</li>
      </ul>

      <h2>How Long We Keep It</h2>
      <p>
        {`We keep enquiries for as long as needed to answer them and, if you become a customer, for as long as the records are needed for your warranty, your insurance claim and our legal and tax obligations. Enquiries that do not lead to work are deleted within ${FACTS.enquiryRetentionMonths} months. You can ask us to delete your information sooner at any time.`}
      </p>

      <h2>We Do Not Sell Your Information</h2>
      <p>
        We never sell, rent or trade your personal information. We share it only with the service providers
        that help us run this website and our business (for example hosting and scheduling), with your
        insurance company when you ask us to, or when the law requires it.
      </p>

      <h2>Cookies and Tracking</h2>
      <p>
        {`This website does not use cookies for advertising or tracking, and loads nothing from advertising networks. Your browser may store a small note that our weather report popup was shown, so we do not show it again within ${EXIT_INTENT_SUPPRESS_MS / HOUR_MS} hours, and the details of how you found us described above.`}
      </p>

      <h2>Your Choices</h2>
      <p>
        {`You may ask to see, correct or delete the personal information we hold about you, or ask us to stop contacting you. We will answer within ${FACTS.privacyAnswerDays} days.`}
      </p>

      <h2>Contact Us</h2>
      <p>
        Questions about this policy or your information? Contact {business.name} by e-mail at{' '}
        <a href={`mailto:${business.email}`}>{business.email}</a> or by phone at{' '}
        <a href={telHref(business.phone)}>{business.phone}</a>. You can also read our{' '}
        <a href={ROUTES.terms.path}>Terms of Service</a>.
      </p>
    </LegalPage>
  )
}

/**
 * The storm alerts (docs/storm-alerts.md): what ticking the forms' box keeps, how confirming works,
 * for how long it is kept, and how to stop it, as core/storm-response does it (no alert before the
 * address confirms; a stop is kept, so no alert goes to the address again).
 */
function StormAlertsSection() {
  return (
    <>
      <h3>Storm Alerts</h3>
      <p>
        {`Every form on this site has a box, left unticked unless you tick it: “${STORM_ALERTS_LABEL}”.`} If
        you tick it and confirm it, we e-mail you when NOAA&rsquo;s radar estimates hail at your property.
      </p>
      <p>
        {`Ticking the box only asks for the alerts. The first e-mail we send you (your weather report, or our reply to your request) has a “${CONFIRM_BUTTON}” button; if we send you no other e-mail, a short one with that button comes on its own. The button opens a page on this site, and the alerts start only when you press “${CONFIRM_BUTTON}” on that page. Until then we send no storm alert to your address, so nobody can sign someone else up. A request you do not confirm within ${CONSENT_LAPSE_DAYS} days lapses: no alert is ever sent for it. Once you confirm, we also keep when you did.`}
      </p>
      <p>For the alerts we keep:</p>
      <ul>
        <li>your e-mail address and the property address you entered;</li>
        <li>
          the property&rsquo;s place on the map, found as for the weather report (from the US Census
          Bureau&rsquo;s public geocoder, or else from the ZIP code or the city);
        </li>
        <li>
          when you ticked the box, on which form, and the exact words beside it that you agreed to, and when
          you confirmed;
        </li>
        <li>
          the alerts we send you: the storm&rsquo;s date, the hail size at your property and whether the
          e-mail went out.
        </li>
      </ul>
      <p>
        We keep this until you ask us to stop. Every alert has a link to stop them: it opens a page with a
        single button, and your e-mail app&rsquo;s own &ldquo;unsubscribe&rdquo; button stops them in one
        click. You can also reply to an alert or ask our office. Once you stop them, your address is no longer
        used for alerts: we keep a note of your e-mail address and when you stopped, so that no alert is sent
        to it again, even if you tick the box on another form later. Your request itself is kept as described
        under &ldquo;How Long We Keep It&rdquo;.
      </p>
      <p>
        Whether or not you tick the box, we place the property address of each request on the map in the same
        way, so that after a storm our office knows which of the homes it has heard from were under the
        radar&rsquo;s hail. Only homeowners who ticked the box are sent alerts.
      </p>
    </>
  )
}
