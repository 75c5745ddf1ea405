/**
 * The web process (dist/node/server.mjs; `npm run dev` and `npm start` in a checkout): the
 * site's pages and POST /api/enquiries. Each file in bin/ is one program: the build bundles it
 * into dist/node/<its name>.mjs.
 */
import { startWeb } from '../server/main'

startWeb().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
