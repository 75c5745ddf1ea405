/**
 * The storms feature's face: what the processes and the other features use of it. Code
 * outside core/storms/ imports it from here (eslint.config.js; docs/decisions/019-platform-and-features.md).
 */
export { locateAddress, locateAddressAnswered, locateWithoutGeocoder, type GeocoderAnswer } from './geocode'
export { latestRadarHailNear } from './radar/report'
export {
  GEOCODER_SETTINGS,
  parseStateList,
  readGeocoderSettings,
  readStormRefreshSettings,
  STORM_REFRESH_SETTINGS,
  STORM_SETTINGS,
  type GeocoderSettings,
} from './settings'
export { importStormPath } from './import'
export { mm10ToIn, type RadarDaySummary } from './radar/store'
// cellOf: lead_places stores a home's radar cell, so storm response needs the grid's rule.
export { cellOf, meshFileNameForDay } from './radar/mesh-file'
export {
  bandFill,
  MI_PER_DEG,
  reachesSwath,
  serviceAreaSwath,
  SWATH_LEGEND,
  swathBands,
  toPicture,
  type AreaSwath,
  type HailCell,
  type MapFrame,
} from './swath-geometry'
export { findLeadReport, findReportKeyHash, toSummaryView } from './lead-reports'
export { makeReportKey, reportKeyMatches } from './report-key'
export { makeWeatherReport } from './report'
export { DATE_OF_LOSS_NOTE, formatRadarHail, RADAR_MEANING, RING_TITLE, summaryFacts } from './report-words'
export { formatReportText } from './report-text'
export { sampleWeatherReport } from './sample-report'
export { stormDataThrough } from './coverage'
export { countStormEvents, type WantedStates } from './events'
export {
  readRefreshState,
  recordRefreshOutcome,
  recordRefreshStart,
  type RefreshState,
} from './refresh-state'
export {
  describeRefresh,
  emptyRefreshOutcome,
  FETCH_BACKOFF,
  runRefreshSteps,
  type RefreshContext,
  type RefreshOutcome,
  type StormDataSources,
} from './refresh'
export { radarRefreshHealth, stormStatus, type StormStatus } from './status'
export {
  RADAR_DAY_MIN_IN,
  REPORT_RADIUS_MI,
  RINGS_MI,
  StormFileError,
  type ImportSummary,
  type LatLon,
  type Location,
  type StormEvent,
  type WeatherReport,
} from './types'
export { createLeadReports, type LeadReports } from './make-lead-report'
