import { test, expect } from './fixtures'
import { ALL_ROUTES } from '../shared/routes'

test.describe('Content-Security-Policy', () => {
  test('the server sends a CSP without unsafe-inline scripts', async ({ request }) => {
    const res = await request.get('/')
    const csp = res.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  })

  for (const route of [...ALL_ROUTES.map((r) => r.path), '/does-not-exist']) {
    test(`${route} loads with zero CSP violations`, async ({ page, problems }) => {
      await page.goto(route)
      await page.waitForLoadState('networkidle')
      expect(problems.cspViolations).toEqual([])
      expect(problems.pageErrors).toEqual([])
    })
  }
})
