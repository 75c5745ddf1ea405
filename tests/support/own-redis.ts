/**
 * A Redis server of a test's own (redis-server from PATH, on a free loopback port, nothing
 * saved), for fault drills that must not touch the shared Redis: stop it, freeze it
 * (SIGSTOP: connections stay open but nothing answers), start it again on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { Redis } from 'ioredis'

export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? 'redis-server'

function hasRedisServer(): boolean {
  return spawnSync(REDIS_SERVER_BIN, ['--version'], { stdio: 'ignore' }).status === 0
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface OwnRedis {
  url: string
  start(): Promise<void>
  /** SIGKILL: the server is gone, connections drop. */
  kill(): Promise<void>
  freeze(): void
  thaw(): void
  stop(): Promise<void>
}

export async function createOwnRedis(): Promise<OwnRedis> {
  if (!hasRedisServer())
    throw new Error(
      `These tests start a Redis server of their own: install redis-server (apt-get install redis-server) or set REDIS_SERVER_BIN.`,
    )
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined

  const waitUntil = async (up: boolean) => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null })
      probe.on('error', () => {})
      const answers = await probe
        .connect()
        .then(() => probe.ping())
        .then(
          () => true,
          () => false,
        )
      probe.disconnect()
      if (answers === up) return
      if (Date.now() > deadline) throw new Error(`own Redis on ${port} did not ${up ? 'start' : 'stop'}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  const own: OwnRedis = {
    url,
    async start() {
      child = spawn(
        REDIS_SERVER_BIN,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      )
      await waitUntil(true)
    },
    async kill() {
      const c = child
      child = undefined
      if (!c || c.exitCode !== null) return
      const exited = new Promise((r) => c.once('exit', r))
      c.kill('SIGCONT')
      c.kill('SIGKILL')
      await exited
      await waitUntil(false)
    },
    freeze: () => void child?.kill('SIGSTOP'),
    thaw: () => void child?.kill('SIGCONT'),
    async stop() {
      await own.kill()
    },
  }
  await own.start()
  return own
}
