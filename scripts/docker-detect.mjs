// Finds a Docker API and a compose command, for the compose smoke test and its wrapper.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { request } from 'node:http'

/** The compose CLI: `docker compose` when it answers, else `podman-compose`; null when neither. */
export function findCompose() {
  const works = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore', timeout: 20_000 }).status === 0
  if (works('docker', ['compose', 'version'])) return ['docker', 'compose']
  if (works('podman-compose', ['version'])) return ['podman-compose']
  return null
}

function ping(socketPath) {
  return new Promise((resolve) => {
    const req = request({ socketPath, path: '/_ping', timeout: 3000 }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    })
    req.on('error', () => resolve(false))
    req.on('timeout', () => req.destroy())
    req.end()
  })
}

function call(socketPath, method, path) {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path, method, timeout: 10_000 }, (res) => {
      let body = ''
      res.on('data', (d) => (body += d))
      res.on('end', () => {
        if (res.statusCode >= 300) reject(new Error(`${method} ${path}: ${res.statusCode} ${body}`))
        else resolve(body ? JSON.parse(body) : null)
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * The Docker API over a unix socket: DOCKER_HOST when it names one, else Docker's default socket,
 * else podman's. Returns { where, env (DOCKER_HOST for child processes), get(path), delete(path) } or null.
 * (A tcp:// DOCKER_HOST is trusted as given: the compose CLI will say if it does not answer.)
 */
export async function dockerApi() {
  const host = process.env.DOCKER_HOST
  if (host && !host.startsWith('unix://')) return { where: host, env: { DOCKER_HOST: host }, get: null }
  const candidates = host
    ? [host.slice('unix://'.length)]
    : ['/var/run/docker.sock', '/run/podman/podman.sock']
  for (const socketPath of candidates) {
    if (!existsSync(socketPath) || !(await ping(socketPath))) continue
    return {
      where: socketPath,
      env: { DOCKER_HOST: `unix://${socketPath}` },
      get: (path) => call(socketPath, 'GET', path),
      delete: (path) => call(socketPath, 'DELETE', path),
    }
  }
  return null
}
