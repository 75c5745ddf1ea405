/**
 * The image loader: on a load failure it checks the image with a
 * HEAD request; if that fails too it shows a placeholder with the alt text (fallback on) or
 * 'Failed to load image' with a Retry button (fallback off), retrying at most 3 times.
 * /service-areas uses it with fallback on; the Central Park map with fallback off.
 */
import type { Page, Request } from '@playwright/test'
import { test, expect } from './fixtures'
import { CENTRAL_PARK_MAP_IMAGE } from '../shared/content/central-park'

/** Makes every request for `path` (image and HEAD check alike) fail; returns what was asked for. */
async function breakImage(page: Page, path: string): Promise<Request[]> {
  const seen: Request[] = []
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      seen.push(route.request())
      return route.abort('failed')
    },
  )
  return seen
}

const imageLoads = (seen: Request[]) => seen.filter((r) => r.method() === 'GET')
const headChecks = (seen: Request[]) => seen.filter((r) => r.method() === 'HEAD')

test('with fallback on, a broken area image becomes a placeholder carrying the alt text', async ({
  page,
  problems,
}) => {
  const seen = await breakImage(page, '/uploads/areas/aurora-co.svg')
  await page.goto('/service-areas')
  const cards = page.getByRole('region', { name: 'Roof Repair Near You' })
  const card = cards.locator('a[href="/service-areas/aurora-co"]')
  await card.scrollIntoViewIfNeeded()
  const placeholder = card.getByRole('img', { name: 'Illustration of Aurora, Colorado' })
  await expect(placeholder).toBeVisible()
  await expect(placeholder).toContainText('Illustration of Aurora, Colorado')
  await expect(card.getByText('Failed to load image')).toHaveCount(0)
  await expect(card.locator('.image-loader')).toHaveAttribute('data-state', 'loaded')
  expect(imageLoads(seen).length).toBeGreaterThan(0)
  expect(headChecks(seen).length).toBeGreaterThan(0)
  // The other cards are unaffected.
  await expect(cards.locator('a[href="/service-areas/brighton-co"] img')).toBeVisible()
  expect(problems.pageErrors).toEqual([])
})

test('with fallback off, a broken image offers Retry, which requests it again, at most 3 times', async ({
  page,
  problems,
}) => {
  const seen = await breakImage(page, CENTRAL_PARK_MAP_IMAGE)
  await page.goto('/service-areas/central-park-co')
  const map = page.locator('.storm-map')
  await map.scrollIntoViewIfNeeded()
  await expect(map.getByText('Failed to load image')).toBeVisible()
  await expect.poll(() => headChecks(seen).length).toBeGreaterThan(0)
  const retry = map.getByRole('button', { name: 'Retry' })

  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect(retry).toBeVisible()
    const before = imageLoads(seen).length
    await retry.click()
    await expect.poll(() => imageLoads(seen).length).toBeGreaterThan(before)
    expect(imageLoads(seen).at(-1)?.url()).toContain(`retry=${attempt}`)
    await expect(map.getByText('Failed to load image')).toBeVisible()
  }

  await expect(retry).toHaveCount(0)
  await expect(map.getByText('Failed to load image')).toBeVisible()
  // The placeholder text of the page stays, whatever the image does.
  await expect(page.getByText('Interactive Map Coming Soon')).toBeVisible()
  expect(problems.pageErrors).toEqual([])
})

test('a retry after the network recovers shows the image', async ({ page }) => {
  let failing = true
  await page.route(
    (url) => url.pathname === CENTRAL_PARK_MAP_IMAGE,
    (route) => (failing ? route.abort('failed') : route.continue()),
  )
  await page.goto('/service-areas/central-park-co')
  const map = page.locator('.storm-map')
  await map.scrollIntoViewIfNeeded()
  await expect(map.getByText('Failed to load image')).toBeVisible()
  failing = false
  await map.getByRole('button', { name: 'Retry' }).click()
  const img = map.getByRole('img', { name: /Map of the Central Park neighborhood/ })
  await expect(img).toBeVisible()
  await expect(map.locator('.image-loader')).toHaveAttribute('data-state', 'loaded')
  expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
})

test('a healthy image loads without a placeholder or a HEAD check', async ({ page }) => {
  const heads: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'HEAD') heads.push(r.url())
  })
  await page.goto('/service-areas/central-park-co')
  const map = page.locator('.storm-map')
  await map.scrollIntoViewIfNeeded()
  await expect(map.locator('.image-loader')).toHaveAttribute('data-state', 'loaded')
  await expect(map.getByText('Loading...')).toBeHidden()
  expect(heads).toEqual([])
})
