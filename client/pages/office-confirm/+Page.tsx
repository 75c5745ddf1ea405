/**
 * The confirmation page of an office link (docs/spam.md, "The office's links"): what the link
 * will do, with the enquiry and the one button that does it (a plain form post, no script), or
 * what it did, or why it cannot, and what the office can do instead. Only the page of a link
 * that can still act shows the enquiry; the others name it by its short id alone. Written for
 * the office, not for a developer. Not indexed (the server sends X-Robots-Tag and the head a
 * robots meta tag).
 */
import { usePageContext } from 'vike-react/usePageContext'
import {
  officeLinkTitle,
  tooManyInWords,
  type OfficeLinkLead,
  type OfficeLinkPage,
} from '../../../shared/office-link-page'

function LeadSummary({ lead }: { lead: OfficeLinkLead }) {
  return (
    <dl className="office-lead">
      <dt>Name</dt>
      <dd>{lead.name || '(none)'}</dd>
      <dt>Received</dt>
      <dd>{lead.receivedAt}</dd>
      <dt>Phone</dt>
      <dd>{lead.phone || '(none)'}</dd>
      <dt>E-mail</dt>
      <dd>{lead.email || '(none)'}</dd>
      <dt>Address</dt>
      <dd>{lead.address || '(none)'}</dd>
      {lead.message ? (
        <>
          <dt>Message</dt>
          <dd>{lead.message}</dd>
        </>
      ) : null}
      {lead.reasons.length ? (
        <>
          <dt>Why it was held</dt>
          <dd>
            <ul>
              {lead.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </dd>
        </>
      ) : null}
    </dl>
  )
}

/**
 * What a used, expired or inapplicable link says: a sentence (a status when it reports what the
 * button did), anything more the case needs, and the enquiry by its short id, nothing personal.
 */
function Outcome(props: { said: string; shortId: string; status?: boolean; children?: React.ReactNode }) {
  return (
    <>
      <p className="lead" role={props.status ? 'status' : undefined}>
        {props.said}
      </p>
      {props.children}
      <dl className="office-lead">
        <dt>Enquiry</dt>
        <dd>
          <code>{props.shortId}</code>
        </dd>
      </dl>
    </>
  )
}

/** Who else can help when a link cannot: whoever runs the site, with the command they need. */
function AskTheSite({ command }: { command?: string }) {
  return (
    <p>
      {command
        ? `To deliver it now, ask whoever looks after the website to run: `
        : 'If something is not right, ask whoever looks after the website.'}
      {command ? <code>{command}</code> : null}
    </p>
  )
}

function Body({ page }: { page: OfficeLinkPage | undefined }) {
  if (!page || page.kind === 'invalid')
    return (
      <>
        <p className="lead">
          This link is not complete or was changed, so it cannot do anything. Nothing has been changed.
        </p>
        <p>
          Open the link straight from the e-mail again, or copy all of it into the browser. A new link works
          as well: every new-enquiry e-mail and every daily e-mail of held enquiries has its own.
        </p>
        <AskTheSite />
      </>
    )
  if (page.kind === 'refused')
    return (
      <>
        <p className="lead">
          This request did not come from the page of the link, so nothing has been changed.
        </p>
        <p>Open the link from the e-mail again and press the button on that page.</p>
      </>
    )
  if (page.kind === 'too-many') return <p className="lead">{tooManyInWords(page.retryAfterSeconds)}</p>
  if (page.kind === 'gone')
    return (
      <>
        <p className="lead">
          {`Enquiries held as spam are deleted ${page.retentionDays} days after they were held, and this one has been. Nothing has been changed.`}
        </p>
        <AskTheSite />
      </>
    )
  const { action } = page
  switch (page.kind) {
    case 'ready':
      return (
        <>
          <p className="lead">
            {action === 'not_spam'
              ? 'The spam filter held this enquiry back, so it has not reached you. If it is from a real person, deliver it: it then reaches you like any new enquiry, once.'
              : 'Marking it as spam teaches the spam filter to hold back enquiries like it. The enquiry stays in your records, and nothing is sent to the person who wrote it.'}
          </p>
          <LeadSummary lead={page.lead} />
          <form method="post" action={`/office/confirm/${page.token}`} className="office-confirm-form">
            <button type="submit" className="btn btn-primary">
              {action === 'not_spam' ? 'Not spam: deliver it' : 'This is spam'}
            </button>
          </form>
          <p className="office-note">{`Nothing has changed yet: only the button does. This link works until ${page.expiresAt}, once.`}</p>
        </>
      )
    case 'done':
      return (
        <Outcome
          status
          shortId={page.shortId}
          said={
            action === 'not_spam'
              ? `${page.just ? 'Done: this enquiry was' : 'This enquiry was already'} released from the spam hold on ${page.at}${page.by === 'site-admin' ? ' by whoever looks after the website' : ''}. It reaches you like any new enquiry, once. There is nothing more to do.`
              : `${page.just ? 'Done: this enquiry was' : 'This enquiry was already'} marked as spam on ${page.at}. The spam filter learns from it. There is nothing more to do.`
          }
        />
      )
    case 'expired':
      return (
        <Outcome
          shortId={page.shortId}
          said={`Links in our e-mails work for a limited time, and this one expired on ${page.expiredAt}. Nothing has been changed.`}
        >
          {action === 'not_spam' && page.quarantinedUntil ? (
            <>
              <p>{`The enquiry is still held back, and will be deleted on ${page.quarantinedUntil}.`}</p>
              <AskTheSite command={`site-admin leads not-spam ${page.shortId}`} />
            </>
          ) : (
            <p>
              The enquiry already reached you, so nothing is lost. If it is spam, you can simply delete the
              e-mail.
            </p>
          )}
        </Outcome>
      )
    case 'not-applicable':
      return (
        <Outcome
          shortId={page.shortId}
          said={
            page.quarantined
              ? 'The spam filter already holds this enquiry back: it has not reached you. Nothing has been changed.'
              : 'The spam filter never held this enquiry back: it reached you like any other. Nothing has been changed.'
          }
        />
      )
  }
}

export default function Page() {
  const { officeLink } = usePageContext()
  return (
    <section className="section office-confirm">
      <div className="container office-confirm-body">
        <p className="eyebrow">For the office</p>
        <h1>{officeLinkTitle(officeLink)}</h1>
        <Body page={officeLink} />
      </div>
    </section>
  )
}
