/**
 * site-admin run in-process (runAdmin) as a test runs it: its output captured, its clock (the
 * real one when `at` is left out) and standard input given.
 */
import { PassThrough, Readable } from 'node:stream'
import { expect } from 'vitest'
import { runAdmin } from '../../admin/program'

export interface AdminRun {
  code: number
  out: string
  err: string
}

export async function runAdminCaptured(
  argv: string[],
  opts: { env: NodeJS.ProcessEnv; at?: Date; stdin?: Buffer | string },
): Promise<AdminRun> {
  const stdout = new PassThrough()
  const stderr = new PassThrough()
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] }
  stdout.on('data', (d: Buffer) => chunks.out.push(d))
  stderr.on('data', (d: Buffer) => chunks.err.push(d))
  const code = await runAdmin(argv, {
    env: opts.env,
    stdout,
    stderr,
    stdin: Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]),
    now: opts.at ? () => opts.at! : undefined,
  })
  return { code, out: Buffer.concat(chunks.out).toString(), err: Buffer.concat(chunks.err).toString() }
}

/** site-admin took its arguments for wrong usage: exit code 2, and `message` on standard error. */
export async function expectWrongUsage(run: Promise<AdminRun>, message: string): Promise<void> {
  const { code, err } = await run
  expect(code).toBe(2)
  expect(err).toContain(message)
}
