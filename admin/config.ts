/**
 * site-admin's configuration: the database and its backups, the storm data's states and the
 * geocoder (for `storms import` and `storms report`), nothing else, so that exporting leads
 * works whatever the site's other settings say (docs/configuration.md).
 */
import { z } from 'zod'
import { parseEnv } from '../core/config/helpers'
import {
  BACKUP_SETTINGS,
  DATABASE_SETTINGS,
  GEOCODER_SETTINGS,
  readDatabaseSettings,
  readGeocoderSettings,
  STORM_SETTINGS,
} from '../core/config/settings'

export const AdminConfigSchema = z
  .object({ ...DATABASE_SETTINGS, ...BACKUP_SETTINGS, ...STORM_SETTINGS, ...GEOCODER_SETTINGS })
  .transform((e) => {
    const { databasePath, backupDir } = readDatabaseSettings(e)
    return {
      databasePath,
      backup: { dir: backupDir, intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
      /** The states `storms import` keeps. */
      stormStates: e.STORM_STATES,
      ...readGeocoderSettings(e),
    }
  })

export type AdminConfig = z.output<typeof AdminConfigSchema>

export function parseAdminConfig(source: NodeJS.ProcessEnv): AdminConfig {
  return parseEnv(AdminConfigSchema, source)
}
