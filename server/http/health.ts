/**
 * GET /healthz: the process is up. GET /readyz: the process can serve (checks supplied
 * by the pipeline: database writable, queue connected or degraded).
 */
import { Router } from 'express'

interface ReadinessResult {
  status: 'ok' | 'degraded' | 'fail'
  detail?: string
  /** Figures behind the status (e.g. how many leads wait), shown as they are. */
  counts?: Record<string, number>
  /** What else the check knows (e.g. the storm data's last refresh), shown as it is. */
  info?: Record<string, unknown>
}

export interface ReadinessCheck {
  name: string
  /** ok: ready; degraded: serving, but something is down (said in the body); fail: not ready (503). */
  check: () => Promise<ReadinessResult>
}

export function createHealthRouter(checks: ReadinessCheck[] = []): Router {
  const router = Router()
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' })
  })
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      checks.map(async (c) => {
        try {
          return [c.name, await c.check()] as const
        } catch (err) {
          return [
            c.name,
            { status: 'fail' as const, detail: err instanceof Error ? err.message : String(err) },
          ] as const
        }
      }),
    )
    const failed = results.some(([, r]) => r.status === 'fail')
    const degraded = results.some(([, r]) => r.status === 'degraded')
    res
      .status(failed ? 503 : 200)
      .set('Cache-Control', 'no-store')
      .json({ status: failed ? 'fail' : degraded ? 'degraded' : 'ok', checks: Object.fromEntries(results) })
  })
  return router
}
