/** site-admin's `backup now`, `backup list` and `restore` commands. */
import { createWriteStream, rmSync, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Command } from 'commander'
import { createBackup, listBackups, pruneBackups } from '../core/platform/db/backup'
import { restoreDatabase } from '../core/platform/db/restore'
import { withDatabase, type AdminContext } from './context'
import { UsageError, formatAge, formatBytes, formatTable, shortTime } from './format'

const RESTORE_HELP = `
The file is checked first (PRAGMA integrity_check, and that it is this site's database);
a damaged file or a running site is refused. The database it replaces is moved into
BACKUP_DIR (named …-pre-restore.db), never deleted.

In the compose stack:
  docker compose stop web worker
  docker compose run --rm --no-deps web site-admin restore /app/data/backups/<file>
  docker compose start web worker
From a copy on this machine: docker compose run --rm --no-deps -T web site-admin restore - < backup.db`

export function addBackupCommands(program: Command, ctx: AdminContext): void {
  const backup = program.command('backup').description('take and list backups of the lead database')

  backup
    .command('now')
    .description('take a checked backup now (into BACKUP_DIR), then keep the newest BACKUP_KEEP')
    .action(() => takeBackup(ctx))

  backup
    .command('list')
    .description('the backups in BACKUP_DIR, newest first')
    .action(() => printBackupList(ctx))

  program
    .command('restore')
    .description('replace the lead database with a backup (the site must be stopped)')
    .argument('<file>', 'the backup file, or - to read it from standard input')
    .option('--force', 'skip the check that the site is stopped (only when that check cannot run)')
    .addHelpText('after', RESTORE_HELP)
    .action((file: string, opts: { force?: boolean }) => restore(ctx, file, opts.force))
}

function takeBackup(ctx: AdminContext): Promise<void> {
  const c = ctx.config()
  return withDatabase(c, (db) => {
    const made = createBackup(db, { dir: c.backup.dir, databasePath: c.databasePath, now: ctx.now() })
    const removed = pruneBackups(c.backup.dir, c.backup.keep)
    ctx.out(
      `Backup written: ${made.file}\n  ${formatBytes(made.bytes)}, ${made.leads} leads, integrity check ok`,
    )
    if (removed.length)
      ctx.out(
        `Removed ${removed.length} older backup(s), keeping ${c.backup.keep}: ${removed.map((b) => b.name).join(', ')}`,
      )
  })
}

function printBackupList(ctx: AdminContext): void {
  const c = ctx.config()
  const list = listBackups(c.backup.dir)
  if (!list.length) {
    ctx.out(`No backups in ${c.backup.dir} yet. Take one with: site-admin backup now`)
    return
  }
  ctx.out(
    formatTable(
      ['FILE', 'TAKEN (UTC)', 'SIZE', 'KIND'],
      list.map((b) => [b.name, shortTime(b.createdAt.toISOString()), formatBytes(b.bytes), b.kind]),
      [Infinity],
    ),
  )
  ctx.out(`\n${list.length} backup(s) in ${c.backup.dir}`)
  const newest = list.find((b) => b.kind === 'regular')
  const intervalMs = c.backup.intervalHours * 3_600_000
  const age = newest ? ctx.now().getTime() - newest.createdAt.getTime() : Infinity
  if (intervalMs > 0 && age > 2 * intervalMs)
    ctx.io.stderr.write(
      `Warning: the newest regular backup is ${newest ? `${formatAge(age)} old` : 'missing'}, but one is due every ${c.backup.intervalHours} h. Check the worker's log (docker compose logs worker).\n`,
    )
}

async function restore(ctx: AdminContext, file: string, force: boolean | undefined): Promise<void> {
  const c = ctx.config()
  const upload = file === '-' ? await receiveUpload(ctx, c.backup.dir) : undefined
  try {
    const result = restoreDatabase({
      from: upload ?? file,
      databasePath: c.databasePath,
      backupDir: c.backup.dir,
      force,
      now: ctx.now(),
    })
    ctx.out(
      `Restored ${result.leads} leads (newest ${result.newestLeadAt ?? 'none'}) from ${upload ? 'standard input' : file} into ${c.databasePath}.`,
    )
    if (result.replacedMovedTo) ctx.out(`The database it replaced was moved to ${result.replacedMovedTo}.`)
    ctx.out(
      'Start the site again (docker compose start web worker); it brings the schema up to date if needed.',
    )
  } finally {
    if (upload) rmSync(upload, { force: true })
  }
}

/** `restore -`: standard input into a file in the backup folder, whose path is returned. */
async function receiveUpload(ctx: AdminContext, backupDir: string): Promise<string> {
  if (ctx.io.stdin.isTTY)
    throw new UsageError('restore -: pipe the backup in, e.g. site-admin restore - < backup.db')
  const upload = path.join(backupDir, `.upload-${process.pid}.db`)
  await mkdir(backupDir, { recursive: true })
  await pipeline(ctx.io.stdin, createWriteStream(upload))
  if (statSync(upload).size === 0) {
    rmSync(upload, { force: true })
    throw new UsageError(
      'restore -: nothing arrived on standard input; pipe the backup in: site-admin restore - < backup.db',
    )
  }
  return upload
}
