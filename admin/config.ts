/**
 * site-admin's configuration: the database and its backups, the storm data's states and the
 * geocoder (for `storms import` and `storms report`), nothing else, so that exporting leads
 * works whatever the site's other settings say (docs/configuration.md).
 */
import { z } from 'zod'
import { parseEnv } from '../core/platform/config/helpers'
import {
  BACKUP_SETTINGS,
  DATABASE_SETTINGS,
  readBackupSettings,
  SITE_SETTINGS,
} from '../core/platform/config/settings'
import { GEOCODER_SETTINGS, readGeocoderSettings, STORM_SETTINGS } from '../core/storms'

/**
 * The business as the report names it (`storms report`): the same variables as the site's,
 * read only by that command, so a bad site setting never stops an export of the leads.
 */
const REPORT_BUSINESS_SETTINGS = {
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
  })
  .transform((e) => ({
    ...readBackupSettings(e),
    /** The states `storms import` keeps. */
    stormStates: e.STORM_STATES,
    ...readGeocoderSettings(e),
  }))

export type AdminConfig = z.output<typeof AdminConfigSchema>

export function parseAdminConfig(source: NodeJS.ProcessEnv): AdminConfig {
  return parseEnv(AdminConfigSchema, source)
}

const ReportBusinessSchema = z.object(REPORT_BUSINESS_SETTINGS).transform((e) => ({
  name: e.BUSINESS_NAME,
  phone: e.BUSINESS_PHONE,
  email: e.BUSINESS_EMAIL,
  siteUrl: e.SITE_URL,
}))

/** Who the report says made it, and how to reach them (`storms report`). */
export function parseReportBusiness(source: NodeJS.ProcessEnv): z.output<typeof ReportBusinessSchema> {
  return parseEnv(ReportBusinessSchema, source)
}
