/**
 * Asks for a lead form's token when the form first comes into view (client/lib/
 * form-tokens.ts): a page's own form when it is scrolled to, a dialog's form when the dialog
 * opens (a closed dialog's content is not in view).
 */
import { requestFormToken } from '../lib/form-tokens'

export function startFormTokens(): void {
  const forms = [...document.querySelectorAll<HTMLFormElement>('form.lead-form[id]')]
  if (!forms.length || typeof IntersectionObserver === 'undefined') {
    for (const form of forms) void requestFormToken(form.id)
    return
  }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      const form = entry.target as HTMLFormElement
      observer.unobserve(form)
      void requestFormToken(form.id)
    }
  })
  for (const form of forms) observer.observe(form)
}
