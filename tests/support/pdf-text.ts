/**
 * A PDF's text read back with pdfjs-dist, as a person's viewer or an adjuster's software reads it.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** pdfjs reads the PDF's built-in fonts' metrics from its own files (no network). */
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/** Each page's text, its pieces joined by spaces. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: STANDARD_FONTS }).promise
  const pages: string[] = []
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent()
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    )
  }
  await doc.destroy()
  return pages
}
