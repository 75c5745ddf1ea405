/**
 * The import boundaries in eslint.config.js, run through ESLint's own API on code that is
 * not in the tree: each case lints a few lines as if they were a file at `filePath`. And the
 * check against a circle of imports (.dependency-cruiser.cjs), run as `npm run lint` runs it on
 * a copy of the product's code with a circle added on purpose.
 */
import { spawnSync } from 'node:child_process'
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

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

/** Each file's import of its specifier is refused once, with a message that matches `why`. */
async function expectRefused(imports: readonly (readonly [file: string, specifier: string])[], why: RegExp) {
  for (const [file, specifier] of imports) {
    const messages = await boundaryMessages(file, importing(specifier))
    expect(messages, specifier).toHaveLength(1)
    expect(messages[0]).toMatch(why)
  }
}

describe('client/', () => {
  test('a component may not import core or process code', async () => {
    const messages = await boundaryMessages(
      'client/components/layout/Header.tsx',
      importing('../../../core/platform/config/web'),
    )
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/client\/ code can reach the browser: it may import shared\/ only/)
  })

  test('a page may not import worker code', async () => {
    const messages = await boundaryMessages(
      'client/pages/contact/+Page.tsx',
      importing('../../../worker/notifications/notifier'),
    )
    expect(messages).toHaveLength(1)
  })

  test('shared code and its own components are fine', async () => {
    const source = `${importing('../../../shared/business')}import { z } from '../ui/Icon'\nexport { z }\n`
    expect(await boundaryMessages('client/components/layout/Header.tsx', source)).toEqual([])
  })

  test('a *.server.ts file may use core, and no process code', async () => {
    const file = 'client/pages/+onCreateGlobalContext.server.ts'
    expect(await boundaryMessages(file, importing('../../core/platform/page-settings'))).toEqual([])
    expect(await boundaryMessages(file, importing('../../server/http/ssr'))).toHaveLength(1)
    expect(await boundaryMessages(file, importing('../../worker/config'))).toHaveLength(1)
  })
})

describe('client/script-layer/', () => {
  const file = 'client/script-layer/lead-dialogs.ts'

  test('may not bring React, the components or an island statically', async () => {
    const specifiers = [
      'react',
      'react-dom/client',
      'react-hook-form',
      '../components/lead/InspectionButton',
      '../islands/LeadFormIsland',
      '../islands/mount',
    ]
    await expectRefused(
      specifiers.map((specifier) => [file, specifier] as const),
      /every page's only script before any interaction/,
    )
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
    expect(await boundaryMessages(file, importing('../../core/platform/config/load'))).toHaveLength(1)
  })
})

describe('each process imports only core/ and shared/', () => {
  test.each([
    ['worker/lead-worker.ts', '../server/leads/producer'],
    ['worker/lead-worker.ts', '../admin/csv'],
    ['worker/lead-delivery.ts', '../../../server/app'],
    ['server/leads/service.ts', '../../worker/reconciler'],
    ['server/app.ts', '../admin/program'],
    ['admin/lead-commands.ts', '../worker/notifications/channels'],
    ['admin/lead-commands.ts', '../server/leads/readiness'],
  ])('%s may not import %s', async (file, specifier) => {
    const messages = await boundaryMessages(file, importing(specifier))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/is another process/)
  })

  test.each([
    ['worker/lead-worker.ts', '../core/platform/db/connection'],
    ['worker/lead-delivery.ts', '../../../core/platform/logger'],
    ['worker/reconciler.ts', '../../shared/routes'],
    ['server/leads/service.ts', '../../core/leads'],
    ['admin/context.ts', '../core/platform/config/admin'],
  ])('%s may import %s', async (file, specifier) => {
    expect(await boundaryMessages(file, importing(specifier))).toEqual([])
  })
})

test('core/ imports no process code', async () => {
  expect(
    await boundaryMessages('core/leads/store.ts', importing('../../server/leads/producer')),
  ).toHaveLength(1)
  expect(
    await boundaryMessages('core/platform/config/helpers.ts', importing('../../admin/format')),
  ).toHaveLength(1)
  expect(await boundaryMessages('core/platform/logger.ts', importing('../../worker/config'))).toHaveLength(1)
  expect(await boundaryMessages('core/platform/db/backup.ts', importing('./migrations'))).toEqual([])
  expect(await boundaryMessages('core/platform/logger.ts', importing('../../shared/lead-fields'))).toEqual([])
})

describe('core/: the platform and the features', () => {
  test('the platform imports no feature', async () => {
    await expectRefused(
      [
        ['core/platform/db/backup.ts', '../../leads'],
        ['core/platform/mail/office-mail.ts', '../../spam/settings'],
        ['core/platform/business-time.ts', '../storms'],
      ],
      /it imports no feature/,
    )
    expect(await boundaryMessages('core/platform/db/backup.ts', importing('../config/helpers'))).toEqual([])
  })

  test('a feature imports another only through its face', async () => {
    const messages = await boundaryMessages('core/spam/quarantine.ts', importing('../leads/store'))
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatch(/import the feature's face/)
    expect(await boundaryMessages('core/spam/quarantine.ts', importing('../leads'))).toEqual([])
    expect(await boundaryMessages('core/spam/quarantine.ts', importing('../platform/db/prepare'))).toEqual([])
    expect(await boundaryMessages('core/storms/pdf/thread.ts', importing('../types'))).toEqual([])
  })

  /** Every folder of core/ but the platform, as the tree has them today. */
  const features = readdirSync('core', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'platform')
    .map((entry) => entry.name)
    .sort()

  test('the features are the ones the docs name, and any added later', () => {
    expect(features).toEqual(
      expect.arrayContaining([
        'bookings',
        'leads',
        'notifications',
        'spam',
        'storm-response',
        'storms',
        'weekly-report',
      ]),
    )
  })

  // Each feature as the one importing and as the one imported: a file of it reaching past the
  // next feature's face is refused, and the face itself is not.
  test.each(features.map((feature, i) => [feature, features[(i + 1) % features.length]!]))(
    'core/%s reaches another feature (core/%s) only through its face',
    async (from, to) => {
      const file = `core/${from}/a-new-file.ts`
      const messages = await boundaryMessages(file, importing(`../${to}/some-inner-file`))
      expect(messages, `${file} importing ../${to}/some-inner-file`).toHaveLength(1)
      expect(messages[0]).toMatch(/import the feature's face/)
      expect(await boundaryMessages(file, importing(`../${to}`))).toEqual([])
    },
  )

  test('so do the processes, the PDF renderer being a face of its own', async () => {
    await expectRefused(
      [
        ['server/leads/service.ts', '../../core/leads/store'],
        ['worker/spam-digest.ts', '../core/spam/digest'],
        ['admin/storm-commands.ts', '../core/storms/refresh-state'],
        ['core/notifications/channels/hail-report.ts', '../../storms/pdf/thread'],
        ['server/storm-alerts/unsubscribe-router.ts', '../../core/storm-response/unsubscribe'],
      ],
      /import the feature's face/,
    )
    for (const [file, specifier] of [
      ['server/leads/service.ts', '../../core/leads'],
      ['core/notifications/channels/hail-report.ts', '../../storms/pdf'],
      ['admin/storm-commands.ts', '../core/platform/db/connection'],
      ['server/storm-alerts/unsubscribe-router.ts', '../../core/storm-response'],
    ] as const)
      expect(await boundaryMessages(file, importing(specifier)), specifier).toEqual([])
  })
})

test('shared/ imports no process code', async () => {
  expect(await boundaryMessages('shared/routes.ts', importing('../core/config'))).toHaveLength(1)
  expect(await boundaryMessages('shared/routes.ts', importing('../client/components/ui/Icon'))).toHaveLength(
    1,
  )
})

test('bin/, tests and scripts may import anything', async () => {
  expect(await boundaryMessages('bin/worker.ts', importing('../worker/main'))).toEqual([])
  expect(await boundaryMessages('tests/unit/example.test.ts', importing('../../worker/config'))).toEqual([])
  expect(await boundaryMessages('scripts/example.ts', importing('../server/http/ssr'))).toEqual([])
})

describe('no circle of imports (npm run lint: dependency-cruiser, .dependency-cruiser.cjs)', () => {
  /** The dependency-cruiser command of `npm run lint`, as it is written there. */
  const lint = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { lint: string } }).scripts
    .lint
  const command = lint
    .split('&&')
    .map((part) => part.trim())
    .find((part) => part.startsWith('depcruise '))
  const PRODUCT = ['core', 'server', 'worker', 'admin', 'shared', 'client', 'bin']
  let copy: string
  beforeAll(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'roofing-circle-'))
    for (const entry of [...PRODUCT, 'tsconfig.json', '.dependency-cruiser.cjs'])
      cpSync(entry, path.join(copy, entry), { recursive: true })
  })
  afterAll(() => rmSync(copy, { recursive: true, force: true }))

  /** Runs the lint's command in the copy: its exit status and what it printed. */
  function cruise(): { status: number | null; output: string } {
    const args = command!.split(/\s+/).slice(1)
    const bin = path.resolve('node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
    const run = spawnSync(process.execPath, [bin, ...args], { cwd: copy, encoding: 'utf8', timeout: 60_000 })
    return { status: run.status, output: `${run.stdout}${run.stderr}` }
  }

  test('runs in npm run lint over every folder of the product', () => {
    expect(command, lint).toBeDefined()
    for (const folder of PRODUCT) expect(command!.split(/\s+/), folder).toContain(folder)
  })

  test('fails on a circle between two features added on purpose', () => {
    // The lead record (below) made to import its delivery (above): the circle decision 022 cut.
    appendFileSync(
      path.join(copy, 'core/leads/counts.ts'),
      "\nimport type { Notifier } from '../notifications'\nexport type CircleOnPurpose = Notifier\n",
    )
    const { status, output } = cruise()
    expect(status, output).not.toBe(0)
    expect(output).toMatch(/error no-circular: core\/leads\/counts\.ts/)
    expect(output).toMatch(/core\/notifications\/index\.ts/)
  }, 60_000)
})
