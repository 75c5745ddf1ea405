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
  SITE_SETTINGS,
  STORM_SETTINGS,
} from '../core/config/settings'

/** The business as the report's PDF names it (`storms report --pdf`); the same variables as the site's. */
const BUSINESS_SETTINGS = {
  BUSINESS_NAME: SITE_SETTINGS.BUSINESS_NAME,
  BUSINESS_PHONE: SITE_SETTINGS.BUSINESS_PHONE,
  BUSINESS_EMAIL: SITE_SETTINGS.BUSINESS_EMAIL,
  SITE_URL: SITE_SETTINGS.SITE_URL,
}

export const AdminConfigSchema = z
  .object({
    ...DATABASE_SETTINGS,
    ...BACKUP_SETTINGS,
    ...STORM_SETTINGS,
    ...GEOCODER_SETTINGS,
    ...BUSINESS_SETTINGS,
  })
  .transform((e) => {
    const { databasePath, backupDir } = readDatabaseSettings(e)
    return {
      databasePath,
      backup: { dir: backupDir, intervalHours: e.BACKUP_INTERVAL_HOURS, keep: e.BACKUP_KEEP },
      /** The states `storms import` keeps. */
      stormStates: e.STORM_STATES,
      ...readGeocoderSettings(e),
      /** Who the report's PDF says made it, and how to reach them. */
      business: {
        name: e.BUSINESS_NAME,
        phone: e.BUSINESS_PHONE,
        email: e.BUSINESS_EMAIL,
        siteUrl: e.SITE_URL,
      },
    }
  })

export type AdminConfig = z.output<typeof AdminConfigSchema>

export function parseAdminConfig(source: NodeJS.ProcessEnv): AdminConfig {
  return parseEnv(AdminConfigSchema, source)
}
