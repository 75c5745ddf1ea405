import { once } from 'node:events'
import { createServer, type RequestListener, type Server } from 'node:http'

/**
 * An app on one listening loopback server, for `request(server)`. Supertest given a bare app
 * listens and closes a server of its own per request, and on a loaded machine a request
 * sometimes met ECONNREFUSED from one that was not yet listening (it failed CI once).
 */
export async function listenOnLoopback(
  app: RequestListener,
): Promise<{ server: Server; close: () => Promise<void> }> {
  const server = createServer(app)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    server,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
