/**
 * Text into HTML or XML (the answer pages of a refused form post, sitemap.xml): the five
 * characters that could end a text or an attribute value become entities. `&#39;` rather
 * than `&apos;`, which HTML 4 lacked; both parsers read every one of these.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch)
}
