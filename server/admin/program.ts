/**
 * site-admin: the site's admin command (`npm run admin -- <command>` in a checkout,
 * `site-admin <command>` in the image, e.g. `docker compose exec web site-admin leads list`).
 * Built with commander; runAdmin() is the whole program minus process plumbing, so tests run
 * it in-process. Exit status: 0 done, 1 failed or refused (the message says why), 2 wrong usage.
 */
import { createWriteStream, existsSync, rmSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import Database from 'better-sqlite3'
import { Command, CommanderError, Option } from 'commander'
import { ConfigError, parseConfig, type Config } from '../core/config'
import { BackupError, createBackup, listBackups, pruneBackups } from '../core/db/backup'
import { openDatabase, type Db } from '../core/db/connection'
import { readSchemaVersion } from '../core/db/migrate'
import { restoreDatabase } from '../core/db/restore'
import { toCsv } from './csv'
import { readDeliveryState, retryFailedNotifications } from './delivery-state'
import { UsageError, formatAge, formatBytes, formatTable, parseLimit, parseSince, shortTime } from './format'
import { countLeads, findLeadsByIdPrefix, listLeads, type LeadRow } from './lead-queries'

export interface AdminIo {
  env: NodeJS.ProcessEnv
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  stdin: NodeJS.ReadableStream & { isTTY?: boolean }
  now?: () => Date
}

/** A failure the person running the command can act on; printed without a stack trace. */
export class AdminError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AdminError'
  }
}

const DEFAULT_LIST_LIMIT = 50

/** Runs one site-admin command line; resolves with the exit status. */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const out = (text: string): void => {
    io.stdout.write(text.endsWith('\n') ? text : `${text}\n`)
  }
  const now = () => io.now?.() ?? new Date()
  let config: Config | undefined
  const getConfig = () => {
    config ??= parseConfig(io.env)
    return config
  }
  let exitCode = 0

  const program = new Command('site-admin')
    .description("The site's admin command: read and export leads, take and restore backups.")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText(
      'after',
      `
Settings come from the environment and from .env in the current folder (DATABASE_PATH,
BACKUP_DIR, BACKUP_KEEP; see .env.example). In the container: docker compose exec web site-admin <command>.
Exit status: 0 done, 1 failed or refused (the message says why), 2 wrong usage.`,
    )

  const since = () =>
    new Option('--since <age|date>', 'only leads from this age or date on: 30m, 24h, 7d, 2w or 2026-01-31')

  const leads = program.command('leads').description('list, show, export and retry leads')

  leads
    .command('list')
    .description(
      'the newest leads first, with how far each got (queued, recorded by the worker, each notification)',
    )
    .addOption(since())
    .option('--limit <n>', 'show at most this many', String(DEFAULT_LIST_LIMIT))
    .option('--all', 'show every lead (no limit)')
    .action((opts: { since?: string; limit: string; all?: boolean }) => {
      const from = opts.since ? parseSince(opts.since, now()) : null
      const limit = opts.all ? null : parseLimit(opts.limit)
      return withDatabase(getConfig(), (db) => {
        const rows = listLeads(db, { since: from, limit })
        const total = countLeads(db, from)
        const delivery = readDeliveryState(db, rows)
        const header = [
          'ID',
          'CREATED (UTC)',
          'FORM',
          'NAME',
          'SOURCE',
          'DUPLICATE OF',
          'QUEUED',
          ...delivery.columns.map((c) => c.label.toUpperCase()),
        ]
        const table = rows.map((r) => {
          const values = delivery.values(r)
          return [
            r.id,
            shortTime(r.created_at),
            r.form_type,
            `${r.first_name} ${r.last_name}`,
            r.source_path ?? '',
            r.duplicate_of ? r.duplicate_of.slice(0, 8) : '',
            r.enqueued_at ? 'yes' : `pending (${r.enqueue_attempts} tries)`,
            ...delivery.columns.map((c) => (c.time ? shortTime(values[c.key]) : values[c.key]) || 'not yet'),
          ]
        })
        const scope = from ? ` since ${from.toISOString()}` : ''
        if (!rows.length) return out(`No leads${scope}.`)
        out(formatTable(header, table, [Infinity]))
        out(
          rows.length < total
            ? `\n${rows.length} of ${total} leads${scope}, newest first (--limit <n> or --all for more).`
            : `\n${total} lead${total === 1 ? '' : 's'}${scope}, newest first.`,
        )
      })
    })

  leads
    .command('show')
    .description('every field of one lead and how far it got')
    .argument('<id>', 'the lead id (the first 8 characters are enough)')
    .action((id: string) =>
      withDatabase(getConfig(), (db) => {
        const lead = findOneLead(db, id)
        const delivery = readDeliveryState(db, [lead])
        const values = delivery.values(lead)
        const fields: [string, string][] = [
          ['id', lead.id],
          ['created', lead.created_at],
          ['form', lead.form_type],
          ['name', `${lead.first_name} ${lead.last_name}`],
          ['email', lead.email],
          ['phone', lead.phone],
          ['address', lead.address],
          ['message', lead.message ?? '(none)'],
          ['source page', lead.source_path ?? '(unknown)'],
          ['duplicate of', lead.duplicate_of ?? 'no (first enquiry from this e-mail in 24 h)'],
          [
            'queued',
            lead.enqueued_at
              ? lead.enqueued_at
              : `not yet (${lead.enqueue_attempts} tries; next ${lead.next_attempt_at ?? 'soon'})`,
          ],
          ...delivery.columns.map((c): [string, string] => [c.label, values[c.key] || 'not yet']),
        ]
        if (lead.job_id) fields.push(['worker job', `${lead.job_id} (${lead.record_attempts} runs)`])
        const width = Math.max(...fields.map(([k]) => k.length))
        out(
          fields
            .map(([k, v]) => `${k.padEnd(width)}  ${v.replace(/\r?\n/g, `\n${' '.repeat(width + 2)}`)}`)
            .join('\n'),
        )
      }),
    )

  leads
    .command('export')
    .description('every lead as CSV (RFC 4180, a header row) on standard output, oldest first')
    .addOption(since())
    .option('--bom', 'start with a UTF-8 byte order mark (for Excel)')
    .addHelpText(
      'after',
      '\nExample: docker compose exec -T web site-admin leads export --since 30d > leads.csv\n' +
        'Cells starting with = + - @ get a leading apostrophe, so a spreadsheet shows them as text.',
    )
    .action((opts: { since?: string; bom?: boolean }) => {
      const from = opts.since ? parseSince(opts.since, now()) : null
      return withDatabase(getConfig(), (db) => {
        const rows = listLeads(db, { since: from, limit: null }).reverse()
        const delivery = readDeliveryState(db, rows)
        const header = [
          'id',
          'created_at',
          'form_type',
          'first_name',
          'last_name',
          'email',
          'phone',
          'address',
          'message',
          'source_path',
          'duplicate_of',
          'queued_at',
          ...delivery.columns.map((c) => c.key),
        ]
        const cells = rows.map((r) => {
          const values = delivery.values(r)
          return [
            r.id,
            r.created_at,
            r.form_type,
            r.first_name,
            r.last_name,
            r.email,
            r.phone,
            r.address,
            r.message,
            r.source_path,
            r.duplicate_of,
            r.enqueued_at,
            ...delivery.columns.map((c) => values[c.key]),
          ]
        })
        io.stdout.write(toCsv(header, cells, { bom: opts.bom }))
      })
    })

  leads
    .command('retry')
    .description('give failed notifications another try (all of them, or those of one lead)')
    .argument('[id]', 'only this lead (the first 8 characters of its id are enough)')
    .action((id: string | undefined) =>
      withDatabase(
        getConfig(),
        (db) => {
          const outcome = retryFailedNotifications(
            db,
            now(),
            id === undefined ? undefined : findOneLead(db, id),
          )
          out(outcome.lines.join('\n'))
          if (!outcome.ok) exitCode = 1
        },
        { write: true },
      ),
    )

  const backup = program.command('backup').description('take and list backups of the lead database')

  backup
    .command('now')
    .description('take a checked backup now (into BACKUP_DIR), then keep the newest BACKUP_KEEP')
    .action(() => {
      const c = getConfig()
      return withDatabase(c, (db) => {
        const made = createBackup(db, { dir: c.backup.dir, databasePath: c.databasePath, now: now() })
        const removed = pruneBackups(c.backup.dir, c.backup.keep)
        out(
          `Backup written: ${made.file}\n  ${formatBytes(made.bytes)}, ${made.leads} leads, integrity check ok`,
        )
        if (removed.length)
          out(
            `Removed ${removed.length} older backup(s), keeping ${c.backup.keep}: ${removed.map((b) => b.name).join(', ')}`,
          )
      })
    })

  backup
    .command('list')
    .description('the backups in BACKUP_DIR, newest first')
    .action(() => {
      const c = getConfig()
      const list = listBackups(c.backup.dir)
      if (!list.length) {
        out(`No backups in ${c.backup.dir} yet. Take one with: site-admin backup now`)
        return
      }
      out(
        formatTable(
          ['FILE', 'TAKEN (UTC)', 'SIZE', 'KIND'],
          list.map((b) => [b.name, shortTime(b.createdAt.toISOString()), formatBytes(b.bytes), b.kind]),
          [Infinity],
        ),
      )
      out(`\n${list.length} backup(s) in ${c.backup.dir}`)
      const newest = list.find((b) => b.kind === 'regular')
      const intervalMs = c.backup.intervalHours * 3_600_000
      const age = newest ? now().getTime() - newest.createdAt.getTime() : Infinity
      if (intervalMs > 0 && age > 2 * intervalMs)
        io.stderr.write(
          `Warning: the newest regular backup is ${newest ? `${formatAge(age)} old` : 'missing'}, but one is due every ${c.backup.intervalHours} h. Check the worker's log (docker compose logs worker).\n`,
        )
    })

  program
    .command('restore')
    .description('replace the lead database with a backup (the site must be stopped)')
    .argument('<file>', 'the backup file, or - to read it from standard input')
    .option('--force', 'skip the check that the site is stopped (only when that check cannot run)')
    .addHelpText(
      'after',
      `
The file is checked first (PRAGMA integrity_check, and that it is this site's database);
a damaged file or a running site is refused. The database it replaces is moved into
BACKUP_DIR (named …-pre-restore.db), never deleted.

In the compose stack:
  docker compose stop web worker
  docker compose run --rm --no-deps web site-admin restore /app/data/backups/<file>
  docker compose start web worker
From a copy on this machine: docker compose run --rm --no-deps -T web site-admin restore - < backup.db`,
    )
    .action(async (file: string, opts: { force?: boolean }) => {
      const c = getConfig()
      let from = file
      let upload: string | undefined
      if (file === '-') {
        if (io.stdin.isTTY)
          throw new UsageError('restore -: pipe the backup in, e.g. site-admin restore - < backup.db')
        upload = path.join(c.backup.dir, `.upload-${process.pid}.db`)
        await mkdir(c.backup.dir, { recursive: true })
        await pipeline(io.stdin, createWriteStream(upload))
        from = upload
        if (statSync(upload).size === 0) {
          rmSync(upload, { force: true })
          throw new UsageError(
            'restore -: nothing arrived on standard input; pipe the backup in: site-admin restore - < backup.db',
          )
        }
      }
      try {
        const result = restoreDatabase({
          from,
          databasePath: c.databasePath,
          backupDir: c.backup.dir,
          force: opts.force,
          now: now(),
        })
        out(
          `Restored ${result.leads} leads (newest ${result.newestLeadAt ?? 'none'}) from ${file === '-' ? 'standard input' : file} into ${c.databasePath}.`,
        )
        if (result.replacedMovedTo) out(`The database it replaced was moved to ${result.replacedMovedTo}.`)
        out(
          'Start the site again (docker compose start web worker); it brings the schema up to date if needed.',
        )
      } finally {
        if (upload) rmSync(upload, { force: true })
      }
    })

  try {
    await program.parseAsync([...argv], { from: 'user' })
    return exitCode
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end this way too.
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' ? 0 : 2
    }
    if (err instanceof UsageError) {
      io.stderr.write(`site-admin: ${err.message}\n`)
      return 2
    }
    if (err instanceof AdminError || err instanceof BackupError || err instanceof ConfigError) {
      io.stderr.write(`site-admin: ${err.message}\n`)
      return 1
    }
    io.stderr.write(`site-admin: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
    return 1
  }
}

/** Opens the live database read-only for one command (the site may keep running meanwhile). */
/**
 * Opens the lead database for one command: read-only unless `write` (only `leads retry`
 * writes; it goes through the same connection settings as the site: WAL, busy timeout).
 */
async function withDatabase(
  config: Config,
  fn: (db: Db) => void | Promise<void>,
  { write = false }: { write?: boolean } = {},
): Promise<void> {
  const file = config.databasePath
  if (!existsSync(file))
    throw new AdminError(
      `No database at ${file} (DATABASE_PATH). Start the site once to create it, or set DATABASE_PATH to the right file.`,
    )
  let db: Db
  try {
    db = write
      ? openDatabase(file)
      : new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 })
  } catch (err) {
    throw new AdminError(`Cannot open ${file}: ${(err as Error).message}`)
  }
  try {
    if (readSchemaVersion(db) < 1)
      throw new AdminError(`The database at ${file} has no tables yet: start the site once to create them.`)
    await fn(db)
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
      throw new AdminError(
        `${file} is damaged (${(err as Error).message}); restore a backup (site-admin restore --help).`,
      )
    throw err
  } finally {
    db.close()
  }
}

function findOneLead(db: Db, id: string): LeadRow {
  const wanted = id.trim()
  if (!/^[0-9a-f-]{4,36}$/i.test(wanted))
    throw new AdminError(
      `"${id}" is not a lead id (ids look like 3f2b8c1e-…; site-admin leads list shows them).`,
    )
  const found = findLeadsByIdPrefix(db, wanted)
  if (!found.length) throw new AdminError(`No lead with id "${id}". site-admin leads list shows the ids.`)
  const exact = found.find((r) => r.id === wanted.toLowerCase())
  if (exact) return exact
  if (found.length > 1)
    throw new AdminError(
      `"${id}" matches ${found.length} leads (${found.map((r) => r.id).join(', ')}); give more of the id.`,
    )
  return found[0]!
}
