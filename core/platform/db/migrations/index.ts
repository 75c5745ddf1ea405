/**
 * Every migration, in order. The version of a migration is its number; the database
 * records the last one applied in PRAGMA user_version. Append only: never edit or
 * renumber a migration that has shipped.
 */
import { sql as createFormSubmissions } from './001-create-form-submissions'
import { sql as createLeadNotifications } from './002-create-lead-notifications'
import { sql as addLeadForm } from './003-add-lead-form'
import { sql as nameLeadsAndChannels } from './004-name-leads-and-channels'
import { sql as addLeadSourceAndSpam } from './005-add-lead-source-and-spam'
import { sql as addStormData } from './006-add-storm-data'
import { sql as addSpamLearningAndFormTokens } from './007-add-spam-learning-and-form-tokens'
import { sql as addOfficeActions } from './008-add-office-actions'
import { sql as addWeeklyReports } from './009-add-weekly-reports'
import { sql as nameWeatherReports } from './010-name-weather-reports'
import { sql as addRadarHail } from './011-add-radar-hail'
import { sql as addStormAlerts } from './012-add-storm-alerts'
import { sql as confirmStormAlerts } from './013-confirm-storm-alerts'
import { sql as addRadarFailures } from './014-add-radar-failures'
import { sql as addBookings } from './015-add-bookings'
import { sql as addFollowUps } from './016-add-follow-ups'
import { sql as keepBookingSources } from './017-keep-booking-sources'

export interface Migration {
  version: number
  name: string
  sql: string
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '001-create-form-submissions', sql: createFormSubmissions },
  { version: 2, name: '002-create-lead-notifications', sql: createLeadNotifications },
  { version: 3, name: '003-add-lead-form', sql: addLeadForm },
  { version: 4, name: '004-name-leads-and-channels', sql: nameLeadsAndChannels },
  { version: 5, name: '005-add-lead-source-and-spam', sql: addLeadSourceAndSpam },
  { version: 6, name: '006-add-storm-data', sql: addStormData },
  { version: 7, name: '007-add-spam-learning-and-form-tokens', sql: addSpamLearningAndFormTokens },
  { version: 8, name: '008-add-office-actions', sql: addOfficeActions },
  { version: 9, name: '009-add-weekly-reports', sql: addWeeklyReports },
  { version: 10, name: '010-name-weather-reports', sql: nameWeatherReports },
  { version: 11, name: '011-add-radar-hail', sql: addRadarHail },
  { version: 12, name: '012-add-storm-alerts', sql: addStormAlerts },
  { version: 13, name: '013-confirm-storm-alerts', sql: confirmStormAlerts },
  { version: 14, name: '014-add-radar-failures', sql: addRadarFailures },
  { version: 15, name: '015-add-bookings', sql: addBookings },
  { version: 16, name: '016-add-follow-ups', sql: addFollowUps },
  { version: 17, name: '017-keep-booking-sources', sql: keepBookingSources },
]
