// Renders the share image's SVG source to the 1200×630 PNG that Open Graph tags point at
// (social sites do not render an SVG share image). Run: node scripts/render-og-image.mjs
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const dir = path.resolve('client/public/uploads/og')
const svg = readFileSync(path.join(dir, 'front-range-roofing-og.svg'), 'utf8')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
})
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } })
await page.setContent(`<!doctype html><body style="margin:0">${svg}</body>`)
await page.screenshot({
  path: path.join(dir, 'front-range-roofing-og.png'),
  clip: { x: 0, y: 0, width: 1200, height: 630 },
})
await browser.close()
