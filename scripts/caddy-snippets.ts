/**
 * `npm run caddy:snippets`: writes deploy/caddy/site.caddy, Caddy's copy of the page headers,
 * from server/http/security.ts and the route table (server/http/caddy-snippets.ts). Run it after
 * changing either; `--check` only says whether the committed file is up to date (exit 1 if not).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { caddySnippets } from '../server/http/caddy-snippets'

const file = path.resolve('deploy/caddy/site.caddy')
const text = caddySnippets()
let current = ''
try {
  current = readFileSync(file, 'utf8')
} catch {
  // not written yet
}
if (process.argv.includes('--check')) {
  if (current === text) console.log(`${path.relative('.', file)} is up to date`)
  else {
    console.error(`${path.relative('.', file)} is out of date: run npm run caddy:snippets`)
    process.exitCode = 1
  }
} else if (current === text) console.log(`${path.relative('.', file)} was already up to date`)
else {
  writeFileSync(file, text)
  console.log(`wrote ${path.relative('.', file)}`)
}
