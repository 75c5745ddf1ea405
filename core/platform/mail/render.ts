/**
 * An e-mail's two parts from one React render: the HTML, and the plain-text part converted
 * from it. React Email's in-house converter (`unstableToPlainText`, its
 * `unstableTextConversion` option) takes ~0.5 ms where html-to-text (the default) takes
 * ~6 ms, the largest CPU cost of a lead in the worker, and reads the same here (headings, one
 * field per line, links as "text url", preview skipped). The integration tests check the
 * text part carries every field. The renderer is loaded with the first e-mail: the web process
 * imports the e-mails' code but renders none (docs/performance.md, "Memory").
 */
import type { ReactElement } from 'react'

export async function renderBoth(element: ReactElement): Promise<{ html: string; text: string }> {
  const { render, unstableToPlainText } = await import('@react-email/render')
  const html = await render(element)
  return { html, text: unstableToPlainText(html) }
}
