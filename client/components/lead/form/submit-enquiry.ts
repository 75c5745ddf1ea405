/**
 * Sends one enquiry to POST /api/enquiries as JSON and turns the answer into what a form
 * needs to know: stored (201), refused (any other status, with the field messages of a 400),
 * or no answer at all. The endpoint's answers are listed in docs/forms.md.
 */
import { ENQUIRY_ENDPOINT, type Enquiry, type EnquiryResponse } from '../../../../shared/enquiry'

export type SubmitResult =
  /** reportKey: a hail report's, which reads its summary (shared/hail-summary.ts). */
  | { ok: true; id: string; reportKey?: string }
  /** The server answered but refused: 400 (with field errors), 403, 413, 415, 429, 5xx. */
  | { ok: false; reason: 'refused'; status: number; fieldErrors: Record<string, string> }
  /** The server could not be reached (offline, aborted, DNS). */
  | { ok: false; reason: 'unreachable'; error: unknown }

export async function submitEnquiry(enquiry: Enquiry): Promise<SubmitResult> {
  let res: Response
  try {
    res = await fetch(ENQUIRY_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(enquiry),
    })
  } catch (error) {
    return { ok: false, reason: 'unreachable', error }
  }
  const body = (await res.json().catch(() => null)) as Partial<EnquiryResponse> | null
  if (res.ok && body && body.success === true && 'id' in body)
    return {
      ok: true,
      id: String(body.id),
      ...(typeof body.reportKey === 'string' ? { reportKey: body.reportKey } : {}),
    }
  if (res.ok) return { ok: true, id: '' }
  const fieldErrors =
    body && 'errors' in body && body.errors && typeof body.errors === 'object' ? body.errors : {}
  return { ok: false, reason: 'refused', status: res.status, fieldErrors }
}
