/**
 * The small HTML page a plain form post gets when it is refused before its fields are read
 * (cross-site, too many enquiries, too long, unreadable), or when the page it came from
 * cannot be rendered. Self-contained (no script, styles inline, no build asset), so it is
 * cheap to send under a flood and works whatever else is broken. It says what happened,
 * what to do, and offers the phone number and the contact page.
 */
import { HOURS_DISPLAY, telHref } from '../../shared/business'
import { escapeHtml } from '../http/escape-html'

export interface PlainAnswer {
  title: string
  message: string
  /** Field messages, when there are any. */
  details?: string[]
  businessName: string
  phone: string
  /** Where "Back to the form" leads (a same-site path). */
  backPath: string
}

export function renderPlainAnswerPage(answer: PlainAnswer): string {
  const e = escapeHtml
  const details = answer.details?.length
    ? `<ul>${answer.details.map((d) => `<li>${e(d)}</li>`).join('')}</ul>`
    : ''
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(answer.title)} – ${e(answer.businessName)}</title>
<style>
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f1f5f9}
main{max-width:36rem;margin:0 auto;padding:2.5rem 1.25rem}
.card{background:#fff;border-radius:12px;padding:1.75rem 1.5rem;box-shadow:0 8px 24px rgb(15 23 42/.08);border-top:6px solid #c2410c}
.brand{margin:0 0 .5rem;font-weight:700;color:#0b2545}
h1{margin:0 0 .75rem;font-size:1.6rem;line-height:1.25;color:#0b2545}
p{margin:0 0 1rem}
ul{margin:0 0 1rem;padding-left:1.25rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
a{color:#9a3412}
.btn{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 1.25rem;border-radius:8px;font-weight:700;text-decoration:none}
.btn-primary{background:#c2410c;color:#fff}
.btn-secondary{background:#fff;color:#0b2545;border:2px solid #0b2545}
a:focus-visible{outline:3px solid #0b2545;outline-offset:3px}
</style>
</head>
<body>
<main>
<div class="card">
<p class="brand">${e(answer.businessName)}</p>
<h1>${e(answer.title)}</h1>
<p>${e(answer.message)}</p>
${details}
<p>Prefer to talk? Call us at <a href="${e(telHref(answer.phone))}">${e(answer.phone)}</a> (${e(HOURS_DISPLAY)}).</p>
<div class="actions">
<a class="btn btn-primary" href="${e(telHref(answer.phone))}">Call ${e(answer.phone)}</a>
<a class="btn btn-secondary" href="${e(answer.backPath)}">Back to the form</a>
${answer.backPath === '/contact' ? '' : '<a class="btn btn-secondary" href="/contact">Contact page</a>\n'}</div>
</div>
</main>
</body>
</html>
`
}
