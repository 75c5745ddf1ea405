// Part of `npm test`: runs the compose smoke test when a Docker API and a compose command are
// available; otherwise says why it is skipped. In CI (CI=true) their absence is a failure.
import { spawnSync } from 'node:child_process'
import { dockerApi, findCompose } from './docker-detect.mjs'

const compose = findCompose()
const api = await dockerApi()
if (!compose || !api) {
  const missing = [
    !api && 'no Docker API answers',
    !compose && 'no compose command (docker compose or podman-compose)',
  ]
    .filter(Boolean)
    .join(' and ')
  if (process.env.CI === 'true' || process.env.CI === '1') {
    console.error(`Compose smoke test cannot run in CI: ${missing}.`)
    process.exit(1)
  }
  console.log(
    `Compose smoke test skipped: ${missing}. Run \`npm run test:compose\` where Docker is available.`,
  )
  process.exit(0)
}
const result = spawnSync(process.execPath, ['scripts/compose-smoke.mjs'], { stdio: 'inherit' })
process.exit(result.status ?? 1)
