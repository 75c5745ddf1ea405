/**
 * A new lead field is one entry in the lead-field table plus a migration: in a temporary copy
 * of the code, two fields are added exactly so (shared/lead-fields.ts, a migration file and its
 * line in the migrations' list), nothing else is edited, and then the copy's own code shows each
 * field reaching the enquiry schema, the form's markup, the stored row, the office e-mail, the
 * webhook, the CSV export and the log redaction, and the copy's code still typechecks.
 *
 * The two: a required field that is not personal (the roof's age) and an optional one that is
 * (a second phone number).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MIGRATIONS } from '../../core/platform/db/migrations/index'

const ROOT = path.resolve(__dirname, '../..')
const TSX_LOADER = pathToFileURL(createRequire(__filename).resolve('tsx')).href
/** What a product build reads; tests, scripts and e2e are left out of the copy. */
const PRODUCT = ['bin', 'core', 'server', 'worker', 'admin', 'client', 'shared']

const NEW_FIELDS = `
  roofAge: {
    column: 'roof_age',
    text: { label: 'Roof age', message: 'Please tell us how old the roof is', length: { min: 1, max: 40 } },
    personal: false,
    input: { label: 'Age of Your Roof', autoComplete: 'off' },
    summary: { label: 'Roof age' },
  },
  secondPhone: {
    column: 'second_phone',
    text: { label: 'Second phone number', message: 'Second phone must be text', optional: true },
    personal: true,
    input: { label: 'Second Phone Number', type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
    summary: { label: 'Second phone', link: 'tel' },
  },
`

const NEXT = MIGRATIONS.length + 1
const MIGRATION_NAME = `${String(NEXT).padStart(3, '0')}-add-roof-age-and-second-phone`

/** What the copy's own code says about the new fields (run in the copy with tsx). */
const PROBE = `
import { Writable } from 'node:stream'
import { PassThrough, Readable } from 'node:stream'
import { renderToStaticMarkup } from 'react-dom/server'
import { EnquirySchema, toFieldErrors } from './shared/enquiry'
import { runAdmin } from './admin/program'
import { openMigratedDatabase } from './core/platform/db/open'
import { findLead } from './core/leads/store'
import { createLogger } from './core/platform/logger'
import { storeLead } from './server/leads/service'
import { visibleFields } from './client/components/lead/form/enquiry-fields'
import { LeadFormBody } from './client/components/lead/form/LeadFormMarkup'
import { buildLeadView } from './core/notifications/lead-view'
import { buildOfficeMail } from './core/notifications/messages'
import { buildWebhookPayload } from './core/notifications/channels/webhook'

const enquiry = {
  firstName: 'Dana', lastName: 'Reyes', email: 'dana@example.com', phone: '(303) 555-0199',
  address: '1450 Elm Street, Denver, CO 80220', formType: 'contact', form: 'contact_page', sourcePath: '/contact',
  roofAge: 'about 14 years', secondPhone: '(720) 555-0123',
}
const { roofAge: _age, ...withoutAge } = enquiry
const refused = EnquirySchema.safeParse(withoutAge)
const parsed = EnquirySchema.parse(enquiry)

const form = renderToStaticMarkup(LeadFormBody({
  formId: 'f', fields: visibleFields(true), form: 'contact_page', sourcePath: '/contact',
  errorOf: () => undefined, controlOf: (name) => ({ name, defaultValue: '' }), submitText: 'Send',
}))

const lines: string[] = []
const logger = createLogger('info', new Writable({ write(c, _e, done) { lines.push(String(c)); done() } }))
const databasePath = process.argv[2]!
const db = openMigratedDatabase(databasePath)
const { id } = await storeLead({ db, logger }, parsed)
const lead = findLead(db, id)!
const row = db.prepare('SELECT roof_age, second_phone FROM form_submissions WHERE id = ?').get(id)
logger.info({ lead }, 'a lead went by')
const view = buildLeadView(lead, undefined, 'https://www.example.com')
const mail = await buildOfficeMail(view, { from: 'leads@example.com', to: ['office@example.com'] })
const webhook = buildWebhookPayload(view)
db.close()

const stdout = new PassThrough()
const csv: Buffer[] = []
stdout.on('data', (d: Buffer) => csv.push(d))
await runAdmin(['leads', 'export'], { env: { DATABASE_PATH: databasePath }, stdout, stderr: new PassThrough(), stdin: Readable.from([]) })

console.log(JSON.stringify({
  refused: refused.success ? null : toFieldErrors(refused.error),
  form, lead, row, text: mail.text, html: mail.html, webhook, csv: Buffer.concat(csv).toString(), log: lines.join(''),
}))
`

let copy: string
let result: {
  refused: Record<string, string> | null
  form: string
  lead: Record<string, unknown>
  row: Record<string, unknown>
  text: string
  html: string
  webhook: { data: Record<string, unknown> }
  csv: string
  log: string
}

beforeAll(() => {
  copy = mkdtempSync(path.join(tmpdir(), 'roofing-new-field-'))
  for (const dir of PRODUCT) cpSync(path.join(ROOT, dir), path.join(copy, dir), { recursive: true })
  for (const file of ['package.json', 'tsconfig.json']) cpSync(path.join(ROOT, file), path.join(copy, file))
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'))

  // 1. The table: the two entries, at its end.
  const table = path.join(copy, 'shared/lead-fields.ts')
  const end = '} as const satisfies Record<string, LeadFieldSpec>'
  const source = readFileSync(table, 'utf8')
  expect(source).toContain(end)
  writeFileSync(table, source.replace(end, `${NEW_FIELDS}${end}`))
  // 2. The migration, and its line in the list.
  writeFileSync(
    path.join(copy, `core/platform/db/migrations/${MIGRATION_NAME}.ts`),
    'export const sql = `ALTER TABLE form_submissions ADD COLUMN roof_age TEXT;\nALTER TABLE form_submissions ADD COLUMN second_phone TEXT;`\n',
  )
  const list = path.join(copy, 'core/platform/db/migrations/index.ts')
  const last = MIGRATIONS.at(-1)!
  const lastLine = `  { version: ${last.version}, name: '${last.name}', sql:`
  const migrations = readFileSync(list, 'utf8')
  expect(migrations).toContain(lastLine)
  writeFileSync(
    list,
    migrations
      .replace(
        'export interface Migration',
        `import { sql as addFields } from './${MIGRATION_NAME}'\n\nexport interface Migration`,
      )
      .replace(/\n\]\s*$/, `\n  { version: ${NEXT}, name: '${MIGRATION_NAME}', sql: addFields },\n]\n`),
  )

  writeFileSync(path.join(copy, 'probe.ts'), PROBE)
  const output = execFileSync(
    process.execPath,
    ['--import', TSX_LOADER, path.join(copy, 'probe.ts'), path.join(copy, 'data', 'leads.db')],
    { cwd: copy, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: process.env.HOME } },
  )
  result = JSON.parse(output.trim().split('\n').at(-1)!)
}, 120_000)

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
})

test('the enquiry schema requires the new required field, with its message', () => {
  expect(result.refused).toEqual({ roofAge: 'Please tell us how old the roof is' })
})

test('every form shows both fields, labelled, with their input types', () => {
  expect(result.form).toMatch(/<span id="f-roofAge-label">Age of Your Roof<\/span>/)
  expect(result.form).toMatch(
    /<input type="text" id="f-roofAge" autoComplete="off"[^>]* required="" name="roofAge"/,
  )
  expect(result.form).toMatch(/<input type="tel" inputMode="tel" id="f-secondPhone" autoComplete="tel"/)
})

test('the stored row has both columns, and the lead both fields', () => {
  expect(result.row).toEqual({ roof_age: 'about 14 years', second_phone: '(720) 555-0123' })
  expect(result.lead).toMatchObject({ roofAge: 'about 14 years', secondPhone: '(720) 555-0123' })
})

test('the office e-mail has a row for each, the phone as a link', () => {
  expect(result.text).toContain('Roof age\nabout 14 years')
  expect(result.text).toContain('Second phone\n(720) 555-0123 tel:+17205550123')
  expect(result.html).toContain('href="tel:+17205550123"')
})

test('the webhook carries both, and the CSV export has their columns', () => {
  expect(result.webhook.data).toMatchObject({ roofAge: 'about 14 years', secondPhone: '(720) 555-0123' })
  const [header, first] = result.csv.split('\r\n')
  expect(header).toContain(',roof_age,second_phone,')
  expect(first).toContain(',about 14 years,(720) 555-0123,')
})

test('the personal one never reaches a log line; the other one may', () => {
  expect(result.log).not.toContain('(720) 555-0123')
  expect(result.log).toContain('about 14 years')
})

test('nothing else needed an edit: the copy’s product code typechecks', () => {
  const config = path.join(copy, 'tsconfig.product.json')
  writeFileSync(config, JSON.stringify({ extends: './tsconfig.json', include: PRODUCT }))
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', config],
    {
      cwd: copy,
      encoding: 'utf8',
    },
  )
}, 120_000)
