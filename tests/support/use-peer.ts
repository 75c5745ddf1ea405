/**
 * A peer of the worker (the SMTP server, the webhook receiver, the Twilio peer) for the tests of
 * one file or describe block: started before them, closed after them. What it returns stands for
 * the peer: `const smtp = usePeer(startTestSmtpServer)`, then `smtp.url` in a test or in
 * usePipeline's options, which are read once the tests have started. Reading it sooner (while
 * vitest collects the tests) throws rather than handing out an address of nothing.
 */
import { afterAll, beforeAll } from 'vitest'

export function usePeer<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let peer: T | undefined
  beforeAll(async () => {
    peer = await start()
  })
  afterAll(async () => {
    await peer?.close()
  })
  return new Proxy({} as T, {
    get(_target, key) {
      if (!peer) throw new Error(`usePeer: the peer is started before the tests; read ${String(key)} in one`)
      return Reflect.get(peer, key) as unknown
    },
  })
}
