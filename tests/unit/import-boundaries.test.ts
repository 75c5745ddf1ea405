/**
 * The import boundaries in eslint.config.js, run through ESLint's own API on code that is
 * not in the tree: each case lints a few lines as if they were a file at `filePath`.
 */
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, test } from 'vitest'

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint()
})

/** The no-restricted-imports messages for `source` placed at `filePath`. */
async function boundaryMessages(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath })
  if (!result) throw new Error(`ESLint returned no result for ${filePath}`)
  const other = result.messages.filter((m) => m.ruleId !== 'no-restricted-imports')
  // Anything else (a parse error, an ignored path) would make a passing case meaningless.
  expect(other).toEqual([])
  return result.messages.map((m) => m.message)
}

const importing = (specifier: string) => `import { x } from '${specifier}'\nexport const y = x\n`

describe('client/', () => {
  test('a component may not import server code', async () => {
    const messages = await boundaryMessages(
      'client/components/layout/Header.tsx',
      importing('../../../server/core/config'),
    )
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/client\/ code can reach the browser: it may not import server\/ or worker\//)
  })

  test('a page may not import worker code', async () => {
    const messages = await boundaryMessages(
      'client/pages/contact/+Page.tsx',
      importing('../../../worker/notifications/text'),
    )
    expect(messages).toHaveLength(1)
  })

  test('shared code and its own components are fine', async () => {
    const source = `${importing('../../../shared/business')}import { z } from '../ui/Icon'\nexport { z }\n`
    expect(await boundaryMessages('client/components/layout/Header.tsx', source)).toEqual([])
  })

  test('a *.server.ts file may use server/core, and nothing else of server/ or worker/', async () => {
    const file = 'client/pages/+onCreateGlobalContext.server.ts'
    expect(await boundaryMessages(file, importing('../../server/core/config'))).toEqual([])
    expect(await boundaryMessages(file, importing('../../server/http/ssr'))).toHaveLength(1)
    expect(await boundaryMessages(file, importing('../../worker/config'))).toHaveLength(1)
  })
})

describe('client/script-layer/', () => {
  const file = 'client/script-layer/lead-dialogs.ts'

  test('may not bring React, the components or an island statically', async () => {
    for (const specifier of [
      'react',
      'react-dom/client',
      'react-hook-form',
      '../components/lead/InspectionButton',
      '../islands/LeadFormIsland',
      '../islands/mount',
    ]) {
      const messages = await boundaryMessages(file, importing(specifier))
      expect(messages, specifier).toHaveLength(1)
      expect(messages[0]).toMatch(/every page's only script before any interaction/)
    }
  })

  test('may use plain modules, the toast queue and island types', async () => {
    const source = [
      importing('../dom-contract'),
      "import { notify } from '../islands/toasts'",
      "import type { IslandName } from '../islands/islands'",
      "import type * as IslandMount from '../islands/mount'",
      'export const z = [notify] as unknown as [IslandName, typeof IslandMount]',
    ].join('\n')
    expect(await boundaryMessages(file, source)).toEqual([])
  })

  test('and may still not import server code', async () => {
    expect(await boundaryMessages(file, importing('../../server/core/config'))).toHaveLength(1)
  })
})

describe('worker/', () => {
  test('may not import the web tier or site-admin', async () => {
    for (const specifier of [
      '../server/http/health',
      '../server/leads/producer',
      '../server/app',
      '../server/admin/csv',
    ]) {
      const messages = await boundaryMessages('worker/lead-worker.ts', importing(specifier))
      expect(messages, specifier).toHaveLength(1)
      expect(messages[0]).toMatch(/Only server\/core\/ .* is shared between processes/)
    }
  })

  test('may import server/core and shared from any depth', async () => {
    expect(
      await boundaryMessages('worker/lead-worker.ts', importing('../server/core/db/connection')),
    ).toEqual([])
    expect(
      await boundaryMessages(
        'worker/notifications/emails/LeadEmail.tsx',
        importing('../../../server/core/logger'),
      ),
    ).toEqual([])
    expect(
      await boundaryMessages('worker/notifications/lead-view.ts', importing('../../shared/routes')),
    ).toEqual([])
  })
})

describe('server/', () => {
  test('the web tier may not import worker code', async () => {
    const messages = await boundaryMessages('server/leads/service.ts', importing('../../worker/reconciler'))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/worker\/ is another process/)
  })

  test('server/core may not import the web tier, site-admin or worker code', async () => {
    expect(
      await boundaryMessages('server/core/db/submissions.ts', importing('../../leads/producer')),
    ).toHaveLength(1)
    expect(await boundaryMessages('server/core/config.ts', importing('../admin/format'))).toHaveLength(1)
    expect(await boundaryMessages('server/core/logger.ts', importing('../../worker/config'))).toHaveLength(1)
    expect(await boundaryMessages('server/core/db/backup.ts', importing('./migrations'))).toEqual([])
  })
})

test('shared/ imports no process code', async () => {
  expect(await boundaryMessages('shared/routes.ts', importing('../server/core/config'))).toHaveLength(1)
  expect(await boundaryMessages('shared/routes.ts', importing('../client/components/ui/Icon'))).toHaveLength(
    1,
  )
})

test('tests and scripts may import anything', async () => {
  expect(await boundaryMessages('tests/unit/example.test.ts', importing('../../worker/config'))).toEqual([])
  expect(await boundaryMessages('scripts/example.ts', importing('../server/http/ssr'))).toEqual([])
})
