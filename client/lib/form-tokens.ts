/**
 * The form token of each lead form (core/spam/form-token.ts, docs/spam.md). Pages are
 * cached for a day, so the token cannot be in their HTML: the script layer asks
 * GET /api/form-token when a form first comes into view (a dialog's form when the dialog
 * opens), and the form sends it back with the enquiry. The server records each token it
 * issues; what it learns from the one sent back (how long after the form was shown, whether a
 * page of this site asked for it, whether another enquiry used it before) tells a person from
 * a script. The browser's own fetch says it comes from this site's page (Sec-Fetch-Site and
 * Referer), with nothing added here.
 *
 * Each token is sent once: after a form was sent, it asks for a new one. One module instance
 * serves the script layer and the form islands (the islands' chunk imports it from the script
 * layer's), so the token fetched before React arrived is the one sent.
 */
import { FORM_TOKEN_ENDPOINT } from '../../shared/form-token'

const tokens = new Map<string, Promise<string | undefined>>()

/** Fetches the form's token once; a failure leaves it without one (the lead is still sent). */
export function requestFormToken(formId: string): Promise<string | undefined> {
  let pending = tokens.get(formId)
  if (!pending) {
    pending = fetch(FORM_TOKEN_ENDPOINT, { credentials: 'same-origin', cache: 'no-store' })
      .then(async (res) => (res.ok ? ((await res.json()) as { token?: unknown }).token : undefined))
      .then((token) => (typeof token === 'string' ? token : undefined))
      .catch(() => undefined)
    tokens.set(formId, pending)
  }
  return pending
}

/**
 * The token of a form as it is sent: waits at most `waitMs` for a fetch under way; undefined
 * when the form was never shown or the fetch failed (the server then scores the lead as sent
 * without one, which alone is not spam).
 */
export async function formTokenOf(formId: string, waitMs = 2000): Promise<string | undefined> {
  const pending = tokens.get(formId)
  if (!pending) return undefined
  return Promise.race([
    pending,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), waitMs)),
  ])
}

/** Forgets a form's token after it was sent, so the next enquiry from it gets a fresh one. */
export function renewFormToken(formId: string): void {
  tokens.delete(formId)
  void requestFormToken(formId)
}
