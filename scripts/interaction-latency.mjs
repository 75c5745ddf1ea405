// Interaction latency on the production build, as Interaction to Next Paint counts it: for a
// few first interactions a homeowner makes, the longest Event Timing entry (input delay +
// processing + presentation) in Chromium with the CPU slowed down 4x, as Lighthouse's mobile
// setting does. Lighthouse's navigation runs cannot measure INP; this can (docs/performance.md).
//
//   node scripts/interaction-latency.mjs                 # starts the built server itself
//   BASE_URL=http://localhost:3000 node scripts/interaction-latency.mjs
//   RUNS=5 node scripts/interaction-latency.mjs          # runs per interaction (default 5)
//
// Prints, per interaction, the median and the worst of the runs in milliseconds; Event Timing
// reports nothing shorter than 16 ms, printed as "<16". Also how long after navigation the page
// answers a tap at all (`html[data-hydrated]`): a tap before then was held, or did nothing; and
// for a tap that opens a dialog, when the first frame showing it comes.
import { chromium } from '@playwright/test'
import { startSiteServer } from './lib/site-server.mjs'

const RUNS = Number(process.env.RUNS ?? 5)
const CPU_SLOWDOWN = 4

/**
 * Each interaction starts on a freshly loaded page once it is interactive (`html[data-hydrated]`:
 * hydrated by React before the islands, the script layer running after), so that an early tap
 * held until then is not counted as a fast one.
 */
const INTERACTIONS = [
  {
    name: 'tap Free Inspection (opens the contact modal)',
    path: '/faqs',
    act: (page) =>
      page.locator('header.site-header').getByRole('button', { name: 'Free Inspection' }).click(),
  },
  {
    name: 'first key in the contact form',
    path: '/contact',
    act: async (page) => {
      await page.locator('form[data-form-type="contact"] input[name="firstName"]').click()
      await page.keyboard.press('D')
    },
  },
  {
    name: 'open the mobile menu (390 px)',
    path: '/service-areas/denver-co',
    mobile: true,
    act: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
  },
]

function median(values) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** The longest interaction the page saw, from its Event Timing entries. */
async function measure(browser, baseUrl, interaction) {
  const context = await browser.newContext(
    interaction.mobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {},
  )
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.documentElement.dataset.hydrated) return
      window.__interactiveAt = performance.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
    // The time from a click to the first frame that shows an open dialog: what the visitor waits
    // for, whether the dialog opens in the click's own task or a frame later.
    addEventListener(
      'click',
      (event) => {
        const watch = (frameAt) => {
          if (document.querySelector('dialog[open]')) window.__dialogShownAfter = frameAt - event.timeStamp
          else requestAnimationFrame(watch)
        }
        requestAnimationFrame(watch)
      },
      { capture: true, once: true },
    )
    window.__longestInteraction = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (e.interactionId) window.__longestInteraction = Math.max(window.__longestInteraction, e.duration)
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  })
  await page.goto(`${baseUrl}${interaction.path}`, { waitUntil: 'load' })
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' })
  await interaction.act(page)
  // Event Timing reports after the next paint; give it a few frames.
  await page.waitForTimeout(500)
  const result = await page.evaluate(() => ({
    ms: window.__longestInteraction,
    interactiveAt: window.__interactiveAt,
  }))
  await context.close()
  return result
}

const server = process.env.BASE_URL
  ? { baseUrl: process.env.BASE_URL, stop: () => {} }
  : await startSiteServer('inp')
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-background-networking'],
})
try {
  console.log(
    `Interaction latency (Event Timing, CPU ${CPU_SLOWDOWN}x slower, ${RUNS} runs), ${server.baseUrl}`,
  )
  for (const interaction of INTERACTIONS) {
    const results = []
    for (let i = 0; i < RUNS; i++) results.push(await measure(browser, server.baseUrl, interaction))
    const runs = results.map((r) => r.ms)
    const sorted = [...runs].sort((a, b) => a - b)
    const ms = (v) => (v === 0 ? '<16' : String(Math.round(v)))
    const interactive = median(results.map((r) => r.interactiveAt))
    const shown = results.map((r) => r.dialogShownAfter).filter((v) => typeof v === 'number')
    console.log(
      `${interaction.name.padEnd(48)} median ${ms(median(runs)).padStart(4)} ms, worst ${ms(sorted.at(-1)).padStart(4)} ms  (${interaction.path}, interactive ${Math.round(interactive)} ms after navigation; runs ${runs.map(ms).join(', ')})`,
    )
    if (shown.length)
      console.log(
        `${''.padEnd(48)} the dialog on screen ${Math.round(median(shown))} ms after the click (median)`,
      )
  }
} finally {
  await browser.close()
  server.stop()
}
