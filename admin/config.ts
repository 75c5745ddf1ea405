/**
 * site-admin's configuration: the database and its backups, nothing else, so that exporting
 * leads works whatever the site's other settings say (docs/configuration.md).
 */
import { z } from 'zod'
import { parseEnv } from '../core/config/helpers'
import { BACKUP_SETTINGS, DATABASE_SETTINGS, readDatabaseSettings } from '../core/config/settings'

export const AdminConfigSchema = z.object({ ...DATABASE_SETTINGS, ...BACKUP_SETTINGS }).transform((e) => {
  const { databasePath, backupDir } = readDatabaseSettings(e)
  return {
    databasePath,
    backup: { dir: backupDir, intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
  }
})

export type AdminConfig = z.output<typeof AdminConfigSchema>

export function parseAdminConfig(source: NodeJS.ProcessEnv): AdminConfig {
  return parseEnv(AdminConfigSchema, source)
}
