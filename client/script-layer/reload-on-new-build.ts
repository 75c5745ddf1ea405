/**
 * A tab opened before a deploy still runs the old build; when it asks for a chunk the new
 * image no longer has (a form island), Vite reports `vite:preloadError`
 * (https://vite.dev/guide/build#load-error-handling). The fix is the new page, so the tab
 * reloads, once: sessionStorage remembers the reload, so a chunk still missing after it
 * cannot make the page reload again and again.
 *
 * It reloads only when the server says the chunk is gone (404). A chunk that failed because
 * the connection dropped is left to the island's own retry and fallback (islands.ts):
 * reloading on a dead connection would replace a working page with the browser's error page.
 *
 * The reload is the last resort: the server keeps earlier builds' chunks for a week
 * (server/http/asset-archive.ts), so it happens only to a tab older than that, or where the
 * archive is missing. When it does, nothing typed is lost: what the forms hold (the first
 * characters that made the island load, too) is saved before the reload and put back after it,
 * with the lead dialog that was open reopened and the field that had focus focused again
 * (client/lib/form-draft.ts).
 */
import { EXIT_INTENT_DIALOG_ID, EXIT_INTENT_NEXT_ATTRIBUTE, ISLAND_ATTRIBUTE } from '../dom-contract'
import {
  fillFormDraft,
  focusDraftField,
  saveFormDraft,
  takeFormDraft,
  type FormDraft,
} from '../lib/form-draft'
import { prepareIsland } from './islands'
import { openLeadDialog } from './lead-dialogs'

const RELOADED_FOR_NEW_BUILD_KEY = 'reloadedForNewBuild'
/** A second reload within this time is a loop, not a new deploy. */
const RELOAD_GUARD_MS = 10 * 60 * 1000

function chunkUrlOf(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error)
  return /(?:https?:\/\/[^\s'"]+)?\/assets\/[^\s'"]+/.exec(text)?.[0]
}

function mayReload(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_FOR_NEW_BUILD_KEY))
    if (last && Date.now() - last < RELOAD_GUARD_MS) return false
    sessionStorage.setItem(RELOADED_FOR_NEW_BUILD_KEY, String(Date.now()))
    return true
  } catch {
    // No sessionStorage: no way to tell a loop from a deploy, so no reload.
    return false
  }
}

async function reloadIfChunkIsGone(error: unknown): Promise<void> {
  const url = chunkUrlOf(error)
  if (!url) return
  let status: number
  try {
    status = (await fetch(url, { method: 'HEAD', cache: 'no-store' })).status
  } catch {
    return // The connection, not the build.
  }
  if (status !== 404 || !mayReload()) return
  const draft = saveFormDraft() ?? { path: location.pathname, at: Date.now(), forms: {} }
  // Keys pressed while the page unloads still reach it: the last save is as it goes.
  window.addEventListener('pagehide', () => saveFormDraft(draft))
  window.location.reload()
}

/** After the reload: the typed values back in their fields, the dialog open again, the focus back. */
function restoreFormDraft(draft: FormDraft, missing: string[]): void {
  const dialog = draft.dialog ? document.getElementById(draft.dialog) : null
  if (dialog instanceof HTMLDialogElement && !dialog.open) {
    if (dialog.id === EXIT_INTENT_DIALOG_ID) {
      window.exitIntent?.open({ force: true })
      // Its form is step 2, behind the pitch's button.
      dialog.querySelector<HTMLElement>(`[${EXIT_INTENT_NEXT_ATTRIBUTE}]`)?.click()
    } else openLeadDialog(dialog)
  }
  if (!missing.length) return focusDraftField(draft)
  // A dialog's form the island renders only as the dialog opens (on a page with its own form).
  const island = dialog?.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`) ?? null
  void prepareIsland(island)
    .then(() => {
      fillFormDraft(draft, missing)
      focusDraftField(draft)
    })
    .catch(() => {})
}

export function startReloadOnNewBuild(): void {
  const draft = takeFormDraft()
  if (draft) {
    // The values at once, before anything paints or starts the islands; the dialog and the
    // focus once the rest of the script layer has started (the dialogs' handlers).
    const missing = fillFormDraft(draft)
    queueMicrotask(() => restoreFormDraft(draft, missing))
  }
  window.addEventListener('vite:preloadError', (event) => {
    // Not cancelled: the import still fails, so the island's fallback applies while (or
    // instead of) the reload.
    void reloadIfChunkIsGone((event as Event & { payload?: unknown }).payload)
  })
}
