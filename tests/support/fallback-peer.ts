/**
 * A real HTTP server that answers like the web process's page path, for the fallback writer's
 * tests (server/http/fallback-pages.ts) without the production build: every route of the route
 * table answers 200 with a page naming its path and the day, gzipped when the client accepts it;
 * any other path the 404 page (with the error-page section the unavailable page replaces). A
 * path can be held back (to see a write in progress) or made to fail.
 */
import { createServer, type Server } from 'node:http'
import { gzipSync } from 'node:zlib'
import { findRoute } from '../../shared/routes'

export interface PagePeer {
  origin: string
  /** Stamped into every page, e.g. the day the pages are for. */
  stamp: string
  /** Paths answered 500. */
  failing: Set<string>
  /** While set, requests for this path wait until release() is called. */
  hold(path: string): { reached: Promise<void>; release: () => void }
  /** How many requests each path got. */
  hits: Map<string, number>
  close(): Promise<void>
}

export function pageHtml(pathname: string, stamp: string): string {
  const route = findRoute(pathname)
  if (!route)
    return `<!DOCTYPE html><html><head><title>Page not found | Test Roofing</title></head><body><header>Call (303) 555-0100</header><main><section class="error-page container" data-not-found=""><p class="error-code">404</p><h1>Oops! Page not found</h1></section></main><footer>${stamp}</footer></body></html>`
  return `<!DOCTYPE html><html><head><title>${route.title} | Test Roofing</title></head><body><main><h1>${route.label}</h1><p>${pathname}</p></main><footer>${stamp}</footer></body></html>`
}

export async function startPagePeer(stamp = 'day 1'): Promise<PagePeer> {
  const holds = new Map<string, { promise: Promise<void>; reached: () => void }>()
  const hits = new Map<string, number>()
  const peer: Omit<PagePeer, 'origin' | 'close'> = {
    stamp,
    failing: new Set(),
    hits,
    hold(path) {
      let release!: () => void
      let reached!: () => void
      const promise = new Promise<void>((r) => (release = r))
      const reachedPromise = new Promise<void>((r) => (reached = r))
      holds.set(path, { promise, reached })
      return {
        reached: reachedPromise,
        release: () => {
          holds.delete(path)
          release()
        },
      }
    },
  }
  const server: Server = createServer(async (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1)
    const held = holds.get(pathname)
    if (held) {
      held.reached()
      await held.promise
    }
    if (peer.failing.has(pathname)) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Something went wrong')
      return
    }
    const html = pageHtml(pathname, peer.stamp)
    res.statusCode = findRoute(pathname) ? 200 : 404
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    if (/\bgzip\b/.test(String(req.headers['accept-encoding']))) {
      res.setHeader('Content-Encoding', 'gzip')
      res.end(gzipSync(html, { level: 9 }))
    } else res.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return Object.assign(peer, {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
