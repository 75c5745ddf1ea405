import { test, expect } from './fixtures'

test.describe('Content-Security-Policy', () => {
  test('the server sends a CSP without unsafe-inline scripts', async ({ request }) => {
    const res = await request.get('/')
    const csp = res.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
  })

  // Every route loads with zero violations: e2e/first-load.spec.ts, one page load per route.
})
