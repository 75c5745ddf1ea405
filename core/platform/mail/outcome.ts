/** The result of one attempt on one channel, as the notifier records it. */
export type Outcome =
  /** Delivered; `detail` is the provider's message id or the HTTP status. */
  | { kind: 'sent'; detail: string }
  /** Worth trying again later (provider down, timeout, 4xx SMTP, HTTP 5xx/408/429). */
  | { kind: 'retry'; reason: string }
  /** Will never succeed as configured (recipient refused, HTTP 4xx, 410 Gone). */
  | { kind: 'failed'; reason: string }
