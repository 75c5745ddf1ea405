/**
 * How POST /api/enquiries says no: the same words as JSON for the forms with JavaScript, and
 * as HTML for a plain form post (a small page of its own, or the form's page again with the
 * messages beside the fields). docs/forms.md lists every answer.
 */
import type { Request, Response } from 'express'
import type { EnquiryFailed, EnquiryRejected } from '../../shared/enquiry'
import type { EnquiryFormState } from '../../shared/enquiry-form-state'
import { findRoute, ROUTES } from '../../shared/routes'
import type { WebConfig } from '../config'
import type { Logger } from '../../core/platform/logger'
import { renderPlainAnswerPage } from './plain-answer-page'

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded'

/**
 * Renders the page a refused form post came from, with the form showing `state`, as the
 * answer to `res` (status already set). Rejects when the page cannot be rendered; the
 * plain page answers instead.
 */
export type RenderFormPage = (req: Request, res: Response, state: EnquiryFormState) => Promise<void>

interface Refusal {
  title: string
  message: string
}

/** What a refusal says to a person, in the JSON body and on the HTML page alike. */
export const REFUSALS = {
  crossSite: {
    title: 'Please use the form on our website',
    message: 'This form can only be sent from our own website. Please use the form on the site.',
  },
  tooMany: (seconds: number) => ({
    title: 'Please wait a moment',
    message: `Too many enquiries from your connection. Please wait ${seconds} seconds and try again, or call us.`,
  }),
  notStored: {
    title: 'We could not save your request',
    message: 'We could not save your enquiry just now. Please try again in a minute, or call us.',
  },
  invalid: {
    title: 'Please check your details',
    message: 'Some details need another look before we can send your request.',
  },
} as const

export const failed = (error: string): EnquiryFailed => ({ success: false, error })
export const rejected = (errors: Record<string, string>): EnquiryRejected => ({ success: false, errors })

/** body-parser's errors, by their `type`, as answers a person can act on. */
export const BODY_ERRORS: Record<string, { status: number; body: EnquiryFailed | EnquiryRejected }> = {
  'entity.too.large': {
    status: 413,
    body: failed('Your enquiry is too long (16 KB at most). Please shorten your message and try again.'),
  },
  'entity.parse.failed': {
    status: 400,
    body: rejected({ _form: 'The form data could not be read. Please reload the page and try again.' }),
  },
  'encoding.unsupported': { status: 415, body: failed('Send the enquiry as UTF-8 JSON.') },
  'charset.unsupported': { status: 415, body: failed('Send the enquiry as UTF-8 JSON.') },
  // A plain form post with more fields than any of our forms has (body-parser's parameterLimit).
  'parameters.too.many': {
    status: 413,
    body: failed('The form sent more fields than ours have. Please use the form on our website, or call us.'),
  },
  'request.aborted': {
    status: 400,
    body: rejected({ _form: 'The request was interrupted. Please try again.' }),
  },
  'request.size.invalid': {
    status: 400,
    body: rejected({ _form: 'The request was incomplete. Please try again.' }),
  },
}

export function isFormPost(req: Request): boolean {
  return req.is(FORM_CONTENT_TYPE) === FORM_CONTENT_TYPE
}

export interface Answers {
  /** A refusal: JSON for JSON clients, a small HTML page for a plain form post. */
  refuse(req: Request, res: Response, refusal: Refusal): void
  /** The small HTML page of a refusal, with the messages listed as `details`. */
  plainPage(req: Request, refusal: Refusal, details?: string[]): string
  /** The page the form came from again, showing `state`; the plain page if that fails. */
  withFormPage(req: Request, res: Response, status: number, state: EnquiryFormState): Promise<void>
}

export function createAnswers(deps: {
  config: Pick<WebConfig, 'siteUrl' | 'business'>
  logger: Logger
  renderFormPage?: RenderFormPage
}): Answers {
  const plainPage = (req: Request, refusal: Refusal, details?: string[]) =>
    renderPlainAnswerPage({
      ...refusal,
      details,
      businessName: deps.config.business.name,
      phone: deps.config.business.phone,
      backPath: refererPath(req, deps.config.siteUrl) ?? ROUTES.contact.path,
    })

  return {
    plainPage,
    refuse(req, res, refusal) {
      if (isFormPost(req)) res.type('html').send(plainPage(req, refusal))
      else res.json(failed(refusal.message))
    },
    async withFormPage(req, res, status, state) {
      res.status(status)
      if (deps.renderFormPage) {
        try {
          await deps.renderFormPage(req, res, state)
          return
        } catch (err) {
          ;(req.log ?? deps.logger).error({ err, path: state.pagePath }, 'form page could not be rendered')
          if (res.headersSent) return
        }
      }
      const refusal = state.formError ? { ...REFUSALS.invalid, message: state.formError } : REFUSALS.invalid
      res
        .status(status)
        .type('html')
        .send(plainPage(req, refusal, Object.values(state.errors)))
    },
  }
}

/** The path of a same-site Referer, so "Back to the form" returns to the right page. */
function refererPath(req: Request, siteUrl: string): string | undefined {
  const referer = req.get('referer')
  if (!referer) return undefined
  try {
    const url = new URL(referer)
    const own = [new URL(siteUrl).origin, `${req.protocol}://${req.get('host') ?? ''}`]
    if (!own.includes(url.origin) || !findRoute(url.pathname)) return undefined
    return url.pathname
  } catch {
    return undefined
  }
}
