// `npm start`: serves the production build, building it first when there is none.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'

const built = ['dist/server/entry.mjs', 'dist/client', 'dist/node/server.mjs'].every((p) => existsSync(p))
if (!built) {
  console.log('No production build found: running `npm run build` first…')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
process.env.NODE_ENV = 'production'
await import('../dist/node/server.mjs')
