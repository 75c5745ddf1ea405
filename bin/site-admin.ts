/**
 * site-admin, the admin command (dist/node/site-admin.mjs, `site-admin` on the image's PATH;
 * `npm run admin -- <command>` in a checkout). Reads .env like the web process and the worker
 * (real environment variables win). Each file in bin/ is one program: the build bundles it
 * into dist/node/<its name>.mjs.
 */
import { readEnvFile } from '../core/platform/config/load'
import { runAdmin } from '../admin/program'

// `site-admin leads list | head` closes the pipe early: that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0)
  throw err
})

try {
  readEnvFile()
} catch (err) {
  console.error(`site-admin: could not read .env: ${(err as Error).message}`)
  process.exit(1)
}
process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
})
