/**
 * A download from a public server that cannot hang or flood the process: each try has a time
 * limit on the whole body (a download that trickles in is cut off too) and a size limit, a
 * failure that could pass (no answer, a 5xx, a 408 or 429) is tried again after a back-off, and
 * a stop (the shutdown) ends a download under way at once. A 404 is an answer, not a failure:
 * 'missing'. The worker's storm data refresh downloads NOAA's files with it.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { backoffDelayMs, type Backoff } from './backoff'

/** A download that failed, and whether trying again could help. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
    this.name = 'DownloadError'
  }
}

/** The work was stopped (the shutdown): nothing more is fetched. */
export class StoppedError extends Error {
  constructor() {
    super('stopped')
    this.name = 'StoppedError'
  }
}

export interface DownloadOptions {
  /** The longest one try may take, body included. */
  timeoutMs: number
  /** The largest body taken; a larger one is refused, not tried again. */
  maxBytes: number
  /** The settings the limits come from, named in the messages: 'STORM_FETCH_TIMEOUT_MS'. */
  timeoutSetting?: string
  maxBytesSetting?: string
  /** Tries after the first one. */
  retries: number
  backoff: Backoff
  /** Aborted at the shutdown: a download under way ends, and nothing more is fetched. */
  stopped: AbortSignal
  /** Told before each wait to try again (the caller logs it). */
  onRetry?: (retry: { url: string; attempt: number; waitMs: number; reason: string }) => void
}

/**
 * Downloads `url`, trying again after a retryable failure; 'missing' for a 404. Throws a
 * DownloadError whose message starts with `what` (and says how many tries), or StoppedError.
 */
export async function download(
  url: string,
  what: string,
  opts: DownloadOptions,
): Promise<Buffer | 'missing'> {
  for (let attempt = 1; ; attempt++) {
    if (opts.stopped.aborted) throw new StoppedError()
    try {
      return await downloadOnce(url, opts, opts.stopped)
    } catch (err) {
      if (opts.stopped.aborted) throw new StoppedError()
      const error = err instanceof DownloadError ? err : new DownloadError(String(err), true)
      if (!error.retryable || attempt > opts.retries) {
        const tries = attempt === 1 ? '' : ` (${attempt} tries)`
        throw new DownloadError(`${what}: ${error.message}${tries}`, false)
      }
      const waitMs = backoffDelayMs(attempt, opts.backoff)
      opts.onRetry?.({ url, attempt, waitMs, reason: error.message })
      await sleep(waitMs, undefined, { signal: opts.stopped }).catch(() => {})
    }
  }
}

/** One try at a URL: its body, within the time and size limits; 'missing' for a 404. */
async function downloadOnce(
  url: string,
  limits: DownloadOptions,
  stopped: AbortSignal,
): Promise<Buffer | 'missing'> {
  // The timeout covers the whole body: the signal aborts a download that trickles in.
  const signal = AbortSignal.any([AbortSignal.timeout(limits.timeoutMs), stopped])
  const named = (setting: string | undefined) => (setting ? ` (${setting})` : '')
  const tooLarge = `larger than ${limits.maxBytes} bytes${named(limits.maxBytesSetting)}`
  try {
    const res = await fetch(url, { signal })
    if (res.status === 404) {
      await res.body?.cancel()
      return 'missing'
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel()
      // A server error or a rate limit can pass; another refusal will not.
      const retryable = res.status >= 500 || res.status === 408 || res.status === 429
      throw new DownloadError(`the server answered ${res.status}`, retryable)
    }
    const announced = Number(res.headers.get('content-length') ?? Number.NaN)
    if (announced > limits.maxBytes) {
      await res.body.cancel()
      throw new DownloadError(tooLarge, false)
    }
    const chunks: Uint8Array[] = []
    let bytes = 0
    const reader = res.body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      bytes += value.byteLength
      if (bytes > limits.maxBytes) {
        await reader.cancel()
        throw new DownloadError(tooLarge, false)
      }
      chunks.push(value)
    }
    return Buffer.concat(chunks)
  } catch (err) {
    if (err instanceof DownloadError) throw err
    if (signal.aborted && !stopped.aborted)
      throw new DownloadError(`no answer within ${limits.timeoutMs} ms${named(limits.timeoutSetting)}`, true)
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    throw new DownloadError(cause?.code ?? cause?.message ?? (err as Error).message, true)
  }
}
