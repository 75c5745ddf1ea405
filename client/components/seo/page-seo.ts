/**
 * Which route entry a render belongs to, for titles, descriptions, canonical URLs and
 * robots tags (docs/routes.md). The error page (404 or 500) has no route entry: it gets its own
 * title, no canonical and noindex, even when the failing path is a known route.
 */
import type { PageContext } from 'vike/types'
import { findRoute, type RouteEntry } from '../../../shared/routes'

function isErrorRender(pageContext: PageContext): boolean {
  // is404 is null on a normal render and a boolean on the error page.
  return typeof pageContext.is404 === 'boolean' || Boolean(pageContext.errorWhileRendering)
}

export function routeFor(pageContext: PageContext): RouteEntry | undefined {
  if (isErrorRender(pageContext)) return undefined
  return findRoute(pageContext.urlPathname)
}

/** `{route title} | {business name}`; the error page says what went wrong. */
export function pageTitle(pageContext: PageContext): string {
  const name = pageContext.globalContext.business.name
  const route = routeFor(pageContext)
  if (route) return `${route.title} | ${name}`
  return `${pageContext.is404 === false ? 'Something went wrong' : 'Page not found'} | ${name}`
}
