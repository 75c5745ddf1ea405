// The part of pa11y's API the checker spec uses (pa11y ships no types).
declare module 'pa11y' {
  import type { Browser } from 'puppeteer'
  interface Pa11yIssue {
    code: string
    type: 'error' | 'warning' | 'notice'
    message: string
    selector: string
    context: string
    runner: string
  }
  interface Pa11yOptions {
    browser?: Browser
    runners?: string[]
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA'
    method?: 'GET' | 'POST'
    postData?: string
    headers?: Record<string, string>
    timeout?: number
  }
  export default function pa11y(
    url: string,
    options?: Pa11yOptions,
  ): Promise<{ pageUrl: string; issues: Pa11yIssue[] }>
}
