/**
 * Where a test's logger writes (createLogger's destination, or a process's `logStream`), so a
 * test reads what was logged: each JSON line parsed into `into`, or each write kept as text.
 */
import { Writable } from 'node:stream'

/** A stream that parses each line pino writes into `into`, in the order written. */
export function jsonLines<T = Record<string, unknown>>(into: T[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) into.push(JSON.parse(line) as T)
      done()
    },
  })
}

/** A stream that keeps each write as text (a line with its newline) in `into`. */
export function textLines(into: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      into.push(String(chunk))
      done()
    },
  })
}
