// A TCP port nothing listens on right now, found by letting the system pick one. Plain
// JavaScript, so the .mjs scripts run by node and the TypeScript ones share it.
import { createServer } from 'node:net'

/** @param {string} [host] the interface the port must be free on (loopback unless said) */
export function freePort(host = '127.0.0.1') {
  return /** @type {Promise<number>} */ (
    new Promise((resolve, reject) => {
      const srv = createServer()
      srv.unref()
      srv.on('error', reject)
      srv.listen(0, host, () => {
        const address = srv.address()
        srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
      })
    })
  )
}
