/**
 * Sends a request written as raw bytes over TCP and reads the answer's status line: what a
 * client library would refuse to send (a lone `%`, invalid UTF-8 escapes, NUL), the server
 * still gets. The request must say `Connection: close`; the answer counts once the server has
 * sent it whole and closed the connection.
 */
import { connect } from 'node:net'

export type RawAnswer =
  { answered: true; status: number; ms: number } | { answered: false; ms: number; why: string }

/** Sends `bytes` to 127.0.0.1:`port`; an answer not complete within `deadlineMs` counts as none. */
export function sendRawRequest(port: number, bytes: Buffer, deadlineMs: number): Promise<RawAnswer> {
  const started = performance.now()
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let settled = false
    const finish = (answer: RawAnswer) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve(answer)
    }
    const socket = connect({ host: '127.0.0.1', port }, () => socket.write(bytes))
    const timer = setTimeout(
      () =>
        finish({
          answered: false,
          ms: performance.now() - started,
          why: `no answer within ${deadlineMs} ms`,
        }),
      deadlineMs,
    )
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (err) => {
      // A server that answered and closed at once can reset the connection under a request
      // still being written: the answer read so far counts.
      const status = statusOf(Buffer.concat(chunks))
      if (status !== undefined) finish({ answered: true, status, ms: performance.now() - started })
      else finish({ answered: false, ms: performance.now() - started, why: err.message })
    })
    socket.on('end', () => {
      const status = statusOf(Buffer.concat(chunks))
      if (status !== undefined) finish({ answered: true, status, ms: performance.now() - started })
      else finish({ answered: false, ms: performance.now() - started, why: 'closed without an answer' })
    })
  })
}

/** The status of an HTTP/1.1 answer's first line, or undefined when there is none. */
function statusOf(answer: Buffer): number | undefined {
  const match = /^HTTP\/1\.[01] (\d{3}) /.exec(answer.subarray(0, 64).toString('latin1'))
  return match ? Number(match[1]) : undefined
}
