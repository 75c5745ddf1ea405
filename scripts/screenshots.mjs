// Full-page screenshots of the running site at phone and desktop widths, for looking at
// what a homeowner sees: node scripts/screenshots.mjs [baseUrl] [outDir] [path ...]
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const [baseUrl = 'http://localhost:3000', outDir = 'screenshots', ...paths] = process.argv.slice(2)
const routes = paths.length ? paths : ['/']
mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
})
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 } })
  const page = await context.newPage()
  for (const route of routes) {
    await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' })
    const name = `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`
    await page.screenshot({ path: path.join(outDir, name), fullPage: true })
    console.log(path.join(outDir, name))
  }
  await context.close()
}
await browser.close()
