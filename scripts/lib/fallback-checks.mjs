// What the compose smoke test and `npm run drills:compose` check of the pages Caddy serves while
// the web container is down (docs/decisions/016-pages-without-the-web-process.md). Plain
// JavaScript, so the .mjs smoke test and the TypeScript drill share it.

/**
 * Headers that differ between any two answers, whoever sends them: the time, the server's name,
 * the connection's framing and a file's validators (the web process makes its ETag from the
 * bytes, Caddy from the file's size and time, and adds Last-Modified and Accept-Ranges).
 */
const TRANSPORT_HEADERS = new Set([
  'date',
  'server',
  'etag',
  'last-modified',
  'accept-ranges',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
])

/** A response's headers, names in lower case, without TRANSPORT_HEADERS. */
function pageHeaders(res) {
  const out = {}
  for (const [name, value] of res.headers) if (!TRANSPORT_HEADERS.has(name)) out[name] = value
  return out
}

/** Lines naming every header that is missing, extra or different in `fallback` against `web`. */
export function headerDifferences(web, fallback) {
  const names = [...new Set([...Object.keys(web), ...Object.keys(fallback)])].sort()
  return names
    .filter((n) => web[n] !== fallback[n])
    .map(
      (n) => `${n}: web ${JSON.stringify(web[n] ?? null)}, fallback ${JSON.stringify(fallback[n] ?? null)}`,
    )
}

/** GET with gzip accepted, as a browser asks; the body decoded. */
export async function getPage(url, timeoutMs = 10_000) {
  const res = await fetch(url, {
    headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html' },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'manual',
  })
  return { status: res.status, headers: pageHeaders(res), html: await res.text() }
}

/** The <title> of a page, or ''. */
export const titleOf = (html) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? ''

/** A form posted as a browser without JavaScript posts it: urlencoded, from the contact page. */
export async function postPlainForm(origin) {
  const body = new URLSearchParams({
    formType: 'contact',
    form: 'contact_page',
    sourcePath: '/contact',
    firstName: 'Drill',
    lastName: 'Fallback',
    email: 'drill-fallback@example.com',
    phone: '(303) 555-0142',
    address: '123 Main St, Denver, CO 80202',
    message: 'Posted while the web container is down',
  })
  const res = await fetch(`${origin}/api/enquiries`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'text/html,application/xhtml+xml',
      Origin: origin,
      Referer: `${origin}/contact`,
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  })
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    headers: pageHeaders(res),
    html: await res.text(),
  }
}

/** An enquiry as the script layer sends it: JSON. */
export async function postJsonEnquiry(origin) {
  const res = await fetch(`${origin}/api/enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: origin },
    body: JSON.stringify({ firstName: 'Drill', lastName: 'Fallback', email: 'drill@example.com' }),
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  let json = null
  try {
    json = JSON.parse(text)
  } catch {
    // reported by the caller
  }
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    contentType: res.headers.get('content-type'),
    json,
    text,
  }
}

/**
 * What the page of a form posted while web is down must say: nothing was saved, the phone
 * number, try again in a minute. Returns the problems (empty = fine).
 */
export function unavailablePageProblems(answer, phone) {
  const problems = []
  if (answer.status !== 503) problems.push(`status ${answer.status}, expected 503`)
  if (!(Number(answer.retryAfter) >= 1)) problems.push(`Retry-After ${answer.retryAfter}`)
  if (!answer.headers['content-type']?.startsWith('text/html'))
    problems.push(`content-type ${answer.headers['content-type']}`)
  const text = answer.html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
  if (!/nothing was saved/i.test(text)) problems.push('does not say that nothing was saved')
  if (!text.includes(phone)) problems.push(`does not give the phone number ${phone}`)
  if (!/try again in a minute/i.test(text)) problems.push('does not ask to try again in a minute')
  return problems
}

/** What the JSON API must answer while web is down. Returns the problems (empty = fine). */
export function apiUnavailableProblems(answer) {
  const problems = []
  if (answer.status !== 503) problems.push(`status ${answer.status}, expected 503`)
  if (!(Number(answer.retryAfter) >= 1)) problems.push(`Retry-After ${answer.retryAfter}`)
  if (!answer.contentType?.startsWith('application/json')) problems.push(`content-type ${answer.contentType}`)
  if (answer.json?.success !== false || typeof answer.json?.error !== 'string')
    problems.push(`body ${answer.text.slice(0, 120)}`)
  return problems
}
