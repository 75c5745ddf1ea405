/**
 * /sitemap.xml and /robots.txt (docs/routes.md). The sitemap is generated from the route table,
 * so it lists exactly the indexable pages: a new page appears once it is in shared/routes.ts,
 * and /schedule-inspection (noindex: a thank-you page, not a search result) never does. robots.txt must not block
 * /schedule-inspection: a crawler that may not fetch a page never reads its noindex.
 */
import { Router } from 'express'
import { INDEXABLE_ROUTES } from '../../shared/routes'
import { escapeHtml } from './escape-html'

function renderSitemapXml(siteUrl: string): string {
  const urls = INDEXABLE_ROUTES.map((r) => `  <url><loc>${escapeHtml(`${siteUrl}${r.path}`)}</loc></url>`)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

function renderRobotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join(
    '\n',
  )
}

export function createSeoFilesRouter(opts: { siteUrl: string }): Router {
  const router = Router()
  // Both depend only on configuration: built once.
  const sitemap = renderSitemapXml(opts.siteUrl)
  const robots = renderRobotsTxt(opts.siteUrl)
  router.get('/sitemap.xml', (_req, res) => {
    res.type('application/xml').set('Cache-Control', 'public, max-age=3600').send(sitemap)
  })
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(robots)
  })
  return router
}
