/**
 * Runs the real programs of bin/ (bin/server.ts, bin/worker.ts, …) as child processes with tsx's
 * loader, as `npm run dev` and `npm run worker` do, with an environment of the test's choosing
 * and nothing of this machine's settings leaking in.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export const ROOT = path.resolve(__dirname, '../..')
/**
 * tsx as a loader inside one node process, not the tsx command: the command runs the code in
 * a second process and relays signals to it, so a signal would test tsx's relay, not our code.
 */
const TSX_LOADER = pathToFileURL(createRequire(__filename).resolve('tsx')).href
/**
 * A process that neither finishes nor reaches `until` by then is killed (and the test sees code
 * null): a bound on a process that hangs, wide enough for tsx compiling the tree on a loaded machine.
 */
const RUN_TIMEOUT_MS = 80_000

/** PATH and HOME only, plus `extra`: a test runner may have settings of its own in its environment. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: process.env.HOME, ...extra }
}

export interface EntryRun {
  code: number | null
  output: string
}

/**
 * Runs an entry point until it exits. With `until`: once its output matches, it gets SIGTERM;
 * with `againWhen` too, a second SIGTERM once the output matches that (a signal sent while
 * the first is still pending would merge into it).
 */
export function runEntry(
  entry: string,
  opts: { cwd: string; env: NodeJS.ProcessEnv; until?: RegExp; againWhen?: RegExp },
): Promise<EntryRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, path.join(ROOT, entry)], {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const signalsDue = [opts.until, opts.againWhen].filter((p) => p !== undefined)
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS)
    const take = (d: Buffer) => {
      output += d
      if (!signalsDue[0]?.test(output)) return
      signalsDue.shift()
      child.kill('SIGTERM')
    }
    child.stdout.on('data', take)
    child.stderr.on('data', take)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/** The `msg` of every pino line in a process's output, in order. */
export function logMessages(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg?: string }).msg ?? '')
}

export interface RunningEntry {
  /** Its process id (a test reads /proc/<pid>/ for its memory). */
  pid: number
  /** Everything it has written so far, stdout and stderr together. */
  output(): string
  /** Sends `signal` (SIGKILL: a crash) and waits until it has exited. */
  kill(signal: NodeJS.Signals): Promise<void>
}

/**
 * Starts an entry point and leaves it running, for a test that stops it as it chooses (a
 * crash: SIGKILL). Killed by the run's timeout if the test never stops it.
 */
export function startEntry(entry: string, opts: { cwd: string; env: NodeJS.ProcessEnv }): RunningEntry {
  const child = spawn(process.execPath, ['--import', TSX_LOADER, path.join(ROOT, entry)], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d))
  child.stderr.on('data', (d: Buffer) => (output += d))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const timer = setTimeout(() => child.kill('SIGKILL'), 4 * RUN_TIMEOUT_MS)
  void exited.then(() => clearTimeout(timer))
  return {
    pid: child.pid!,
    output: () => output,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal)
      await exited
    },
  }
}
