/**
 * What a visitor typed, carried across the one reload the script layer may make (a tab opened
 * before a deploy whose form code is gone: client/script-layer/reload-on-new-build.ts). Saved
 * just before the reload, put back into the same fields of the same forms once the page is
 * back, then deleted.
 *
 * Only what a person types is carried: text fields and text areas, by form id and field name.
 * Never hidden fields (the form's routing, the campaign, the token), nor the honeypot (a field
 * nobody can reach, tabindex -1). It lives in sessionStorage (this tab only, never sent
 * anywhere) for the seconds the reload takes: never localStorage, which would keep a
 * homeowner's name and address on the device.
 */
import { browserStorage, takeSessionJson } from './browser-storage'

const DRAFT_KEY = 'formDraftBeforeReload'
/** A draft older than this is from another visit to the page, not from the reload. */
const DRAFT_MAX_AGE_MS = 5 * 60 * 1000

export interface FormDraft {
  /** The page's path: a draft is put back on the page it came from only. */
  path: string
  /** When it was saved (ms). */
  at: number
  /** Form id → field name → value. */
  forms: Record<string, Record<string, string>>
  /** The field that had focus, as [form id, field name]. */
  focus?: [string, string]
  /** The id of the lead dialog that was open (its form's island may render only when it opens). */
  dialog?: string
}

type TextField = HTMLInputElement | HTMLTextAreaElement

/** A field a person types into: not hidden, not the honeypot, not a button or a box. */
function typedFields(form: HTMLFormElement): TextField[] {
  return [...form.elements].filter(
    (el): el is TextField =>
      (el instanceof HTMLTextAreaElement ||
        (el instanceof HTMLInputElement && /^(text|email|tel|search|url|number)$/.test(el.type))) &&
      !!el.name &&
      el.tabIndex >= 0,
  )
}

/** What is typed in the page's forms now, and the lead dialog open; null when neither. */
function readFormDraft(doc: Document = document): FormDraft | null {
  const forms: FormDraft['forms'] = {}
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[id]')) {
    for (const field of typedFields(form)) {
      if (field.value) (forms[form.id] ??= {})[field.name] = field.value
    }
  }
  const dialog = doc.querySelector<HTMLDialogElement>('dialog.lead-dialog[open][id]')
  if (!Object.keys(forms).length && !dialog) return null
  const draft: FormDraft = { path: doc.location.pathname, at: Date.now(), forms }
  if (dialog) draft.dialog = dialog.id
  const active = doc.activeElement
  const formId =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active.form?.id : ''
  if (formId && forms[formId]) draft.focus = [formId, (active as TextField).name]
  return draft
}

/**
 * Saves what is typed now for after a reload, and returns it. Given the draft saved a moment
 * earlier, only the values are brought up to date: its dialog and focus are the visitor's,
 * while what the page does as it unloads (the exit-intent popup opens on beforeunload) is not.
 */
export function saveFormDraft(earlier?: FormDraft | null): FormDraft | null {
  const now = readFormDraft()
  const draft = earlier ? { ...earlier, at: Date.now(), forms: now?.forms ?? {} } : now
  try {
    if (draft && (draft.dialog || Object.keys(draft.forms).length))
      browserStorage('sessionStorage')?.setItem(DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Storage refused (private mode, full): the reload loses the text, as it always did.
  }
  return draft
}

/** The draft saved for this page by the reload, taken out of storage (it is used once). */
export function takeFormDraft(): FormDraft | null {
  const draft = takeSessionJson(DRAFT_KEY) as FormDraft | null | undefined
  if (!draft || typeof draft !== 'object') return null
  const fresh = Date.now() - draft.at >= 0 && Date.now() - draft.at < DRAFT_MAX_AGE_MS
  return fresh && draft.path === window.location.pathname && draft.forms && typeof draft.forms === 'object'
    ? draft
    : null
}

/**
 * Puts the draft's values into the fields of its forms that are on the page and still empty
 * (a value the server sent back wins); returns the ids of the forms not found (a dialog's form
 * that is rendered only when the dialog opens). The value goes in as typing would put it, with
 * an input event, so a form already live (React) takes it as typed.
 */
export function fillFormDraft(draft: FormDraft, formIds = Object.keys(draft.forms)): string[] {
  const missing: string[] = []
  for (const id of formIds) {
    const form = document.getElementById(id)
    if (!(form instanceof HTMLFormElement)) {
      missing.push(id)
      continue
    }
    for (const field of typedFields(form)) {
      const value = draft.forms[id]?.[field.name]
      if (!value || field.value) continue
      // The prototype's setter, so React sees the change (it watches the element's own one).
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
  }
  return missing
}

/** Gives focus back to the field that had it, with the caret after what was typed. */
export function focusDraftField(draft: FormDraft): void {
  const [formId, name] = draft.focus ?? []
  const form = formId ? document.getElementById(formId) : null
  const field = form instanceof HTMLFormElement && name ? form.elements.namedItem(name) : null
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
  field.focus()
  try {
    field.setSelectionRange(field.value.length, field.value.length)
  } catch {
    // E-mail fields have no caret position to set: focus alone.
  }
}
