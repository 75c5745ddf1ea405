/**
 * Migration 010: one name per concept (docs/glossary.md). The report made for a hail report
 * lead is the weather report, and a NOAA record is a storm event, so the table that keeps the
 * weather reports is weather_reports (it was storm_reports, which read as NOAA's records). Every
 * row is kept; the table's constraints and its key go with it.
 */
export const sql = /* sql */ `
ALTER TABLE storm_reports RENAME TO weather_reports;
`
