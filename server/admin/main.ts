/**
 * Entry point of site-admin (dist/node/site-admin.mjs; `npm run admin -- <command>`).
 * Reads .env like the web process and the worker (real environment variables win).
 */
import { readEnvFile } from '../config'
import { runAdmin } from './program'

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
