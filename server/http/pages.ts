/**
 * Loads the pages Vike renders, with the settings they show handed over first
 * (core/platform/page-settings.ts): Vike builds the pages' global context as soon as the production
 * build is imported, so the settings must be there before. Production: the server build of
 * the pages made by `vike build`, which Vike's renderPage finds once imported. Development:
 * Vite's dev middleware, which renders them from source.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { RequestHandler } from 'express'
import { sharePageSettings } from '../../core/platform/page-settings'
import type { WebConfig } from '../config'

export interface LoadedPages {
  /** Development only: Vite's middleware, and its server to close. */
  devMiddleware?: RequestHandler
  viteServer?: { close(): Promise<void> }
}

export async function loadPages(
  config: Pick<WebConfig, 'isProduction' | 'business' | 'siteUrl'>,
): Promise<LoadedPages> {
  sharePageSettings(config)
  if (config.isProduction) {
    await import(pathToFileURL(path.resolve('dist/server/entry.mjs')).href)
    return {}
  }
  const { createDevMiddleware } = await import('vike/server')
  const dev = await createDevMiddleware({ root: process.cwd() })
  return { devMiddleware: dev.devMiddleware as unknown as RequestHandler, viteServer: dev.viteServer }
}
