/**
 * Every page is fully rendered on the server; its JavaScript only hydrates it (buttons,
 * menus, dialogs). Vike asks for that JavaScript at the browser's high priority, so on a
 * slow phone connection it competes with the stylesheet and the hero image for the first
 * paint (docs/decisions/005-performance-budgets.md).
 *
 * With the boot script (client/public/boot.js), Vike's entry `<script>` and its
 * `modulepreload` links are replaced by one boot `<script>` carrying them as `data-entry` and
 * `data-preload`: it preloads and imports them after the first paint, and replays taps and
 * form submissions made before the page was interactive. Without it (a build lacking the
 * file), the same tags stay and are only asked for at `fetchpriority="low"`.
 */
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

const ENTRY_SCRIPT = /<script src="(\/assets\/entries\/[^"]+\.js)" type="module" async>/
const MODULE_PRELOAD =
  /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)" as="script" type="text\/javascript">/g

export function deferPageScripts(html: string, bootSrc?: string): string {
  if (!bootSrc || !ENTRY_SCRIPT.test(html)) {
    return html
      .replace(/<link rel="modulepreload" /g, '<link rel="modulepreload" fetchpriority="low" ')
      .replace(ENTRY_SCRIPT, '<script src="$1" type="module" async fetchpriority="low">')
  }
  // The boot script fetches the page's modules itself, after the first paint, so that on a
  // slow connection they do not share the bandwidth with the stylesheet and the hero image.
  const preloads: string[] = []
  const withoutPreloads = html.replace(MODULE_PRELOAD, (_, href: string) => {
    preloads.push(href)
    return ''
  })
  return withoutPreloads.replace(
    ENTRY_SCRIPT,
    (_, entry: string) =>
      `<script src="${bootSrc}" type="module" async fetchpriority="low" data-entry="${entry}" data-preload="${preloads.join(' ')}">`,
  )
}

/**
 * The boot script's URL with a version from its content (`/boot.js?v=1a2b3c4d5e`): public
 * files are cached for a day, so a new build must change the URL. Undefined when the build
 * has no boot script, and then pages load Vike's entry directly.
 */
export function bootScriptSrc(clientDir: string): string | undefined {
  const file = path.join(clientDir, 'boot.js')
  if (!existsSync(file)) return undefined
  const version = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 10)
  return `/boot.js?v=${version}`
}
