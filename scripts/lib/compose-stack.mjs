// The throwaway compose stack that the compose smoke test and the compose drill run on: free
// ports, the app's env file, a copy of docker-compose.yml that names its files absolutely and
// publishes Caddy on loopback only, the compose command under the project's name, and the
// teardown. Plain JavaScript, so the .mjs smoke test run by node and the TypeScript drill share it.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from './free-port.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * Prepares a stack named `roofing-<name>-<pid>` (nothing is started yet).
 * @param {object} options
 * @param {string} options.name what runs it ('smoke', 'drill'): in the project's and the temporary folder's names
 * @param {string} options.image the tag the build gives the app's image (APP_IMAGE)
 * @param {string[]} options.env the caller's own lines for the app's env file, beside the shared ones
 * @param {string[]} options.compose the compose command (findCompose)
 * @param {import('../docker-detect.mjs').DockerApi} options.api the Docker API (dockerApi)
 */
export async function composeStack({ name, image, env, compose, api }) {
  const project = `roofing-${name}-${process.pid}`
  const podmanCompose = compose[0] === 'podman-compose'
  // The stack runs from a copy of docker-compose.yml that differs only in where things are:
  // the build context and the Caddyfile named absolutely (podman-compose 1.0 lets a .env beside the
  // compose file override the variables given here, so the copy lives in a folder of its own), and
  // Caddy's ports published on 127.0.0.1 only, since this machine is shared.
  const composeText = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')
  /** @type {[RegExp, string][]} */
  const rewrites = [
    [/^ {4}context: \.$/m, `    context: ${JSON.stringify(root)}`],
    [/^( {6}- ')(\$\{HTTPS?_PORT:-\d+\}:)/gm, '$1127.0.0.1:$2'],
  ]
  let composeCopy = composeText
  for (const [pattern, replacement] of rewrites) {
    if (!pattern.test(composeCopy))
      throw new Error(`docker-compose.yml: expected ${pattern} (scripts/lib/compose-stack.mjs rewrites it)`)
    composeCopy = composeCopy.replace(pattern, replacement)
  }

  // Published on every interface, as compose publishes them.
  const port = await freePort('0.0.0.0')
  const httpsPort = await freePort('0.0.0.0')
  // Caddy's site address and the app's public address: plain HTTP here (no certificate authority
  // can be reached), through the published port.
  const origin = `http://127.0.0.1:${port}`
  const tmp = mkdtempSync(path.join(tmpdir(), `roofing-${name}-`))
  const envFile = path.join(tmp, 'app.env')
  writeFileSync(
    envFile,
    [
      `SITE_URL=${origin}`,
      'LOG_LEVEL=info',
      // The business facts stay the samples of .env.example: a trial run, as the guard allows.
      'ALLOW_SAMPLE_VALUES=true',
      // No storm data downloads from NOAA: this machine's tests reach loopback only.
      'STORM_REFRESH=false',
      ...env,
      '',
    ].join('\n'),
  )
  const composeFile = path.join(tmp, 'docker-compose.yml')
  writeFileSync(composeFile, composeCopy)
  const composeEnv = {
    ...process.env,
    ...api.env,
    APP_IMAGE: image,
    APP_ENV_FILE: envFile,
    CADDYFILE: path.join(root, 'Caddyfile'),
    CADDY_SNIPPETS: path.join(root, 'deploy/caddy'),
    HTTP_PORT: String(port),
    HTTPS_PORT: String(httpsPort),
  }

  /**
   * Runs the compose CLI; resolves with { code, out }. podman-compose 1.0 exits 0 whatever `exec`
   * and `run` did in the container and prints "exit code: N" instead, so that line is the code.
   * @param {string[]} args
   * @param {{ quiet?: boolean, check?: boolean, input?: Buffer | string, pre?: string[] }} [options]
   *   `pre`: options of the compose command itself, before the project's
   * @returns {Promise<{ code: number | null, out: string }>}
   */
  function run(args, { quiet = false, check: mustSucceed = true, input, pre = [] } = {}) {
    const [cmd, ...base] = compose
    const full = [...base, ...pre, '-p', project, '-f', composeFile, ...args]
    return new Promise((resolve, reject) => {
      const child = spawn(/** @type {string} */ (cmd), full, {
        cwd: tmp,
        env: composeEnv,
        stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      })
      let out = ''
      /** @param {import('node:stream').Readable} stream @param {NodeJS.WriteStream} sink */
      const take = (stream, sink) =>
        stream.on('data', (d) => {
          out += d
          if (!quiet) sink.write(String(d).replace(/^(?=.)/gm, '    '))
        })
      take(child.stdout, process.stdout)
      take(child.stderr, process.stderr)
      if (input) child.stdin?.end(input)
      child.on('error', reject)
      child.on('close', (status) => {
        const reported =
          podmanCompose && /^(exec|run)$/.test(args[0] ?? '')
            ? [...out.matchAll(/^exit code: (-?\d+)$/gm)].at(-1)
            : null
        const code = reported ? Number(reported[1]) : status
        if (code === 0 || !mustSucceed) resolve({ code, out })
        else reject(new Error(`\`${cmd} ${full.join(' ')}\` exited with ${code}${quiet ? `:\n${out}` : ''}`))
      })
    })
  }

  /**
   * Builds the app's image (`compose build`, then `args`, e.g. the service).
   * @param {string[]} args
   * @param {{ quiet?: boolean }} [options]
   */
  function build(args, { quiet = false } = {}) {
    // podman-compose 1.0 ignores build.network; its builds get the host's network explicitly.
    const pre = podmanCompose ? ['--podman-build-args=--network=host'] : []
    return run(['build', ...args], { pre, quiet })
  }

  /** The project's containers as the Docker API lists them (all, running or not); null without the API. */
  async function containers() {
    if (!api.get) return null
    const get = api.get
    /** @param {string} label */
    const byLabel = async (label) =>
      /** @type {{ Id: string, ImageID: string, State: string, Labels?: Record<string, string> }[]} */ (
        await get(
          `/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify({ label: [`${label}=${project}`] }))}`,
        )
      )
    const list = await byLabel('com.docker.compose.project')
    return list.length ? list : byLabel('io.podman.compose.project')
  }

  /**
   * podman-compose 1.0's `down` leaves the project's network behind; Docker Compose removes it.
   * Resolves with the names of the networks removed.
   */
  async function removeNetworks() {
    if (!api.get || !api.delete) return []
    const filter = encodeURIComponent(JSON.stringify({ label: [`com.docker.compose.project=${project}`] }))
    const networks = /** @type {{ Id: string, Name: string }[]} */ (
      await api.get(`/networks?filters=${filter}`)
    )
    for (const net of networks) await api.delete(`/networks/${net.Id}`)
    return networks.map((net) => net.Name)
  }

  /**
   * The last resort, after a failure or at the end: removes the stack (if it was started), its
   * volumes and its network, then the temporary folder. Reports what fails and goes on.
   * @param {{ started: boolean }} options
   */
  async function remove({ started }) {
    if (started) {
      await run(['down', '-v', '-t', '5'], { quiet: true }).catch((e) => console.error(e.message))
      await removeNetworks().catch((e) => console.error(e.message))
    }
    rmSync(tmp, { recursive: true, force: true })
  }

  return {
    project,
    podmanCompose,
    port,
    httpsPort,
    origin,
    tmp,
    composeFile,
    run,
    build,
    containers,
    removeNetworks,
    remove,
  }
}
