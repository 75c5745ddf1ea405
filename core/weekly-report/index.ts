/**
 * The weekly-report feature's face: what the processes and the other features use of it. Code
 * outside core/weekly-report/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 */
export {
  WEEKLY_REPORT_SETTINGS,
  decideWeeklyReport,
  describeSchedule,
  lastFullWeek,
  readWeeklyReport,
  weekContaining,
  weekOfIsoDate,
  type ReportWeek,
  type WeeklyReportSchedule,
} from './schedule'
export { sendWeeklyReport, type WeeklyReportOutcome } from './send'
export { findWeeklyReport } from './store'
export { duration, weekBounds, weekSpan } from './words'
