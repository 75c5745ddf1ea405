export const TRANSPORT_HEADERS: Set<string>
export type Headers = Record<string, string>
export function pageHeaders(res: Response): Headers
export function headerDifferences(web: Headers, fallback: Headers): string[]
export function getPage(
  url: string,
  timeoutMs?: number,
): Promise<{ status: number; headers: Headers; html: string }>
export function titleOf(html: string): string
export interface PlainFormAnswer {
  status: number
  retryAfter: string | null
  headers: Headers
  html: string
}
export function postPlainForm(origin: string): Promise<PlainFormAnswer>
export interface JsonAnswer {
  status: number
  retryAfter: string | null
  contentType: string | null
  json: { success?: boolean; error?: string } | null
  text: string
}
export function postJsonEnquiry(origin: string): Promise<JsonAnswer>
export function unavailablePageProblems(answer: PlainFormAnswer, phone: string): string[]
export function apiUnavailableProblems(answer: JsonAnswer): string[]
