/**
 * A part of the page whose code is loaded on first use (the contact modal, the exit-intent
 * popup and its form, the toasts), with what a flaky phone connection or a deploy needs:
 *
 * - `preload()` starts the download early (on intent: a pointer or finger heading for the
 *   button, the popup opening), so the part is there when it is asked for.
 * - Once loaded it renders at once. (React.lazy would suspend on first render even then,
 *   and React keeps a Suspense fallback up for at least 300 ms: the click would seem dead.)
 * - A failed import is tried once more after a short pause; if that fails too, rendering
 *   throws to the nearest PartBoundary, which shows its fallback (the phone number and the
 *   contact page). `retry()` lets a later use try again.
 */
import { Component, use, type ComponentType, type ReactNode } from 'react'

/** Long enough for a dropped connection to come back, short enough not to keep anyone waiting. */
const IMPORT_RETRY_DELAY_MS = 800

export interface LazyPart<P extends object> {
  preload(): void
  /** After a failure, lets the next render load again; does nothing otherwise. */
  retry(): void
  /** Renders the part: suspends while it loads, throws if it cannot be loaded. */
  Render: (props: P) => ReactNode
}

export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  let failed = false
  const start = () => {
    pending ??= load()
      .catch(() => new Promise((resolve) => setTimeout(resolve, IMPORT_RETRY_DELAY_MS)).then(load))
      .then(
        (module) => (loaded = module.default),
        (err: unknown) => {
          failed = true
          throw err
        },
      )
    return pending
  }
  function Render(props: P) {
    const Part = loaded ?? use(start())
    return <Part {...props} />
  }
  return {
    preload: () => void start().catch(() => {}),
    retry: () => {
      if (!failed) return
      failed = false
      pending = undefined
    },
    Render,
  }
}

/** Shows `fallback` instead of its children once they throw (a part that could not be loaded). */
export class PartBoundary extends Component<
  { fallback: ReactNode; children: ReactNode; name: string },
  { failed: boolean }
> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error(`The ${this.props.name} could not be loaded`, error)
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
