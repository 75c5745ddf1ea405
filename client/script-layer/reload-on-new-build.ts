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
 */
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
  if (status === 404 && mayReload()) window.location.reload()
}

export function startReloadOnNewBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Not cancelled: the import still fails, so the island's fallback applies while (or
    // instead of) the reload.
    void reloadIfChunkIsGone((event as Event & { payload?: unknown }).payload)
  })
}
