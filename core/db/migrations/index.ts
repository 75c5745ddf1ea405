/**
 * Every migration, in order. The version of a migration is its number; the database
 * records the last one applied in PRAGMA user_version. Append only: never edit or
 * renumber a migration that has shipped.
 */
import { sql as createFormSubmissions } from './001-create-form-submissions'
import { sql as createLeadNotifications } from './002-create-lead-notifications'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '001-create-form-submissions', sql: createFormSubmissions },
  { version: 2, name: '002-create-lead-notifications', sql: createLeadNotifications },
]
