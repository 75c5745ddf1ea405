/**
 * Loads the pages Vike renders, with the settings they show handed over first
 * (core/platform/page-settings.ts): Vike builds the pages' global context as soon as the production
 * build is imported, so the settings must be there before. Production: the server build of
 * the pages made by `vike build`, which Vike's renderPage finds once imported. Development:
 * Vite's dev middleware, which renders them from source.
 */
import { readdirSync } from 'node:fs'
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
    await importPageEntries(path.resolve('dist/server/entries'))
    return {}
  }
  const { createDevMiddleware } = await import('vike/server')
  const dev = await createDevMiddleware({ root: process.cwd() })
  return { devMiddleware: dev.devMiddleware as unknown as RequestHandler, viteServer: dev.viteServer }
}

/**
 * Imports the code of every page now, before any render. Vike imports a page's code with its
 * first render, inside the render's AsyncLocalStorage context; the module loader's promises made
 * then carry that context for as long as the process runs, and with it that render's pageContext
 * and its whole HTML (as a tree of string pieces, some 300 KB a page): 10 MB and more in all
 * once every page had rendered (docs/performance.md, "Memory"). Imported here, outside any
 * render, they carry nothing.
 */
async function importPageEntries(dir: string): Promise<void> {
  const files = readdirSync(dir).filter((name) => name.endsWith('.mjs'))
  for (const name of files) await import(pathToFileURL(path.join(dir, name)).href)
}
