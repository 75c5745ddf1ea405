/**
 * Loads the React islands (client/islands/) when a visitor starts to use one, and makes sure
 * nothing done before that is lost (docs/decisions/010-islands.md):
 *
 * - An island starts on the first pointer, focus or touch inside it, or when prepareIsland()
 *   asks (a dialog opening, a pointer heading for an inspection button).
 * - What is typed before it is ready stays: the server HTML is hydrated, not replaced, and the
 *   form adopts fields edited before it was ready.
 * - A form sent before its island is ready is held and sent again once it is, through the
 *   form's own checks; if the island's code cannot be loaded (after one retry), the browser
 *   posts the form itself, which the server takes as it does without JavaScript.
 * - An island with no server HTML (a dialog's form on a page that has its own) shows its
 *   stand-in, the phone number and the contact page, when its code cannot be loaded.
 */
import { ISLAND_ATTRIBUTE, ISLAND_FALLBACK_ATTRIBUTE, ISLAND_STATE_ATTRIBUTE } from '../dom-contract'
import type { IslandName } from '../islands/islands'
import type * as IslandMount from '../islands/mount'

/** Long enough for a dropped connection to come back, short enough not to keep anyone waiting. */
const IMPORT_RETRY_DELAY_MS = 800
/** Where frames never come (a hidden tab), start anyway after this long. */
const NO_FRAME_FALLBACK_MS = 100

type IslandModule = typeof IslandMount
let code: Promise<IslandModule> | undefined

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

/**
 * Runs `work` once the browser has painted what the visitor's last action changed (the dialog
 * that just opened, the character just typed): the islands' code is work that must not stand
 * between a tap and its answer on screen.
 */
function afterNextPaint(work: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    work()
  }
  requestAnimationFrame(() => setTimeout(run, 0))
  setTimeout(run, NO_FRAME_FALLBACK_MS)
}

/**
 * The islands' code, in two steps with a task between them, so that neither evaluation is long
 * enough to hold up a key press for long: React DOM first (the largest), then the forms (zod,
 * react-hook-form, the components), which find it evaluated.
 */
async function importIslandCode(): Promise<IslandModule> {
  await import('../islands/react-dom')
  await nextTask()
  return import('../islands/mount')
}

/** The islands' code, tried twice; a later call tries again after a failure. */
function loadIslandCode(): Promise<IslandModule> {
  code ??= importIslandCode()
    .catch(() => new Promise((resolve) => setTimeout(resolve, IMPORT_RETRY_DELAY_MS)).then(importIslandCode))
    .catch((err: unknown) => {
      code = undefined
      throw err
    })
  return code
}

const started = new WeakMap<HTMLElement, Promise<void>>()

function islandOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`) : null
}

function isIslandReady(island: HTMLElement): boolean {
  return island.getAttribute(ISLAND_STATE_ATTRIBUTE) === 'ready'
}

/** Starts `island` (idempotent while it loads or runs); resolves once it is ready. */
export function prepareIsland(island: HTMLElement | null): Promise<void> {
  if (!island) return Promise.resolve()
  let running = started.get(island)
  if (running) return running
  island.setAttribute(ISLAND_STATE_ATTRIBUTE, 'loading')
  running = new Promise<void>((resolve) => afterNextPaint(resolve))
    .then(loadIslandCode)
    .then((m) => m.mountIsland(island, island.getAttribute(ISLAND_ATTRIBUTE) as IslandName))
    .then(
      () => island.setAttribute(ISLAND_STATE_ATTRIBUTE, 'ready'),
      (err: unknown) => {
        console.error(`The form #${island.id} could not be loaded`, err)
        island.setAttribute(ISLAND_STATE_ATTRIBUTE, 'failed')
        // Let a later use try again (a connection that came back).
        started.delete(island)
        if (!island.firstElementChild) {
          const fallback = island.parentElement?.querySelector<HTMLElement>(`[${ISLAND_FALLBACK_ATTRIBUTE}]`)
          if (fallback) fallback.hidden = false
        }
        throw err
      },
    )
  started.set(island, running)
  return running
}

/** Starts the island in `scope` (a dialog), for a visitor about to use it. */
export function prepareIslandIn(scope: Element | null): void {
  void prepareIsland(scope?.querySelector<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`) ?? null).catch(() => {})
}

function holdEarlySubmit(event: SubmitEvent): void {
  const form = event.target
  const island = islandOf(form)
  if (!(form instanceof HTMLFormElement) || !island || isIslandReady(island)) return
  event.preventDefault()
  event.stopImmediatePropagation()
  prepareIsland(island).then(
    () => island.querySelector('form')?.requestSubmit(),
    // The browser sends it as a plain form post (the server answers it as without JavaScript).
    () => form.isConnected && form.submit(),
  )
}

export function startIslands(): void {
  const startFromEvent = (event: Event) => {
    const island = islandOf(event.target)
    if (island) void prepareIsland(island).catch(() => {})
  }
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, startFromEvent, { capture: true, passive: true })
  }
  document.addEventListener('submit', holdEarlySubmit, true)
}
