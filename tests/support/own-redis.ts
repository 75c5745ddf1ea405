/**
 * A Redis server of a test's own (redis-server from PATH, on a free loopback port, nothing
 * saved), for fault drills that must not touch the shared Redis: stop it, freeze it
 * (SIGSTOP: connections stay open but nothing answers), start it again on the same port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { freePort } from '../../scripts/lib/free-port.mjs'
import { REDIS_SERVER_BIN, redisAnswers, until } from '../../scripts/lib/harness'

function hasRedisServer(): boolean {
  return spawnSync(REDIS_SERVER_BIN, ['--version'], { stdio: 'ignore' }).status === 0
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
    if (!(await until(async () => (await redisAnswers(url)) === up, 10_000)))
      throw new Error(`own Redis on ${port} did not ${up ? 'start' : 'stop'}`)
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
