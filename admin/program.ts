/**
 * site-admin: the site's admin command (`npm run admin -- <command>` in a checkout,
 * `site-admin <command>` in the image, e.g. `docker compose exec web site-admin leads list`).
 * Built with commander; runAdmin() is the whole program minus process plumbing, so tests run
 * it in-process. Exit status: 0 done, 1 failed or refused (the message says why), 2 wrong usage.
 */
import { Command, CommanderError } from 'commander'
import { ConfigError } from '../core/platform/config/helpers'
import { BackupError } from '../core/platform/db/backup'
import { addBackupCommands } from './backup-commands'
import { AdminError, createAdminContext, type AdminIo } from './context'
import { UsageError } from './format'
import { addLeadCommands } from './lead-commands'
import { addBookingCommands } from './booking-commands'
import { addStormCommands } from './storm-commands'
import { addStormAlertCommands } from './storm-alert-commands'
import { addWeatherReportCommand } from './weather-report-command'
import { addWeeklyReportCommands } from './weekly-report-command'

const HELP_FOOTER = `
Settings come from the environment and from .env in the current folder (DATABASE_PATH,
BACKUP_DIR, BACKUP_KEEP, STORM_STATES; see .env.example). In the container: docker compose exec web site-admin <command>.
Exit status: 0 done, 1 failed or refused (the message says why), 2 wrong usage.`

/** Runs one site-admin command line; resolves with the exit status. */
export async function runAdmin(argv: readonly string[], io: AdminIo): Promise<number> {
  const ctx = createAdminContext(io)
  const program = new Command('site-admin')
    .description(
      "The site's admin command: read, export and report leads, release spam held in quarantine, send the office's weekly report, take and restore backups, import NOAA storm data and show its state.",
    )
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', HELP_FOOTER)
  addLeadCommands(program, ctx)
  addBookingCommands(program, ctx)
  addWeeklyReportCommands(program, ctx)
  addBackupCommands(program, ctx)
  const storms = addStormCommands(program, ctx)
  addWeatherReportCommand(storms, ctx)
  addStormAlertCommands(program, ctx)
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return ctx.exitCode
  } catch (err) {
    return reportFailure(err, io)
  }
}

/** Writes why a command failed, in words for the person at the terminal; returns the exit status. */
function reportFailure(err: unknown, io: AdminIo): number {
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
