/**
 * What the weekly report reads (the leads of a span of time, their office e-mail's delivery,
 * the spam held and released), and the record of each week's report (weekly_reports,
 * migration 009) that keeps the worker from sending a week twice.
 */
import type { Db } from '../platform/db/connection'
import { notQuarantined, toLead, type Lead, type LeadRow } from '../leads'
import { type NotificationStatus } from '../notifications'
import { prepare } from '../platform/db/prepare'

/** A lead of the span, with its e-mail to the office (absent until the worker planned it). */
export interface LeadWithDelivery extends Lead {
  office: { status: NotificationStatus; detail: string | null; updatedAt: string } | null
}

/**
 * The leads the office should know of (not spam held in quarantine) stored in [start, end),
 * oldest first, each with its row on `channel` (the office e-mail's channel id).
 */
export function listLeadsWithDelivery(
  db: Db,
  span: { start: Date; end: Date },
  channel: string,
): LeadWithDelivery[] {
  const rows = prepare(
    db,
    `SELECT s.*, n.status AS office_status, n.detail AS office_detail, n.updated_at AS office_updated_at
     FROM form_submissions s
     LEFT JOIN lead_notifications n ON n.lead_id = s.id AND n.channel = ?
     WHERE s.created_at >= ? AND s.created_at < ? AND ${notQuarantined('s')}
     ORDER BY s.created_at ASC, s.id ASC`,
  ).all(channel, span.start.toISOString(), span.end.toISOString()) as LeadRow[]
  return rows.map((row) => ({
    ...toLead(row),
    office:
      row.office_status === null
        ? null
        : {
            status: row.office_status as NotificationStatus,
            detail: row.office_detail as string | null,
            updatedAt: row.office_updated_at as string,
          },
  }))
}

export type WeeklyReportTrigger = 'schedule' | 'site-admin'

export interface WeeklyReportRecord {
  /** The Monday the week starts on (the office's date). */
  week: string
  trigger: WeeklyReportTrigger
  status: 'sending' | 'sent' | 'failed'
  attempts: number
  startedAt: string
  finishedAt: string | null
  recipients: string | null
  detail: string | null
}

interface RecordRow {
  week: string
  trigger: WeeklyReportTrigger
  status: WeeklyReportRecord['status']
  attempts: number
  started_at: string
  finished_at: string | null
  recipients: string | null
  detail: string | null
}

export function findWeeklyReport(db: Db, week: string): WeeklyReportRecord | undefined {
  const r = prepare(db, 'SELECT * FROM weekly_reports WHERE week = ?').get(week) as RecordRow | undefined
  return (
    r && {
      week: r.week,
      trigger: r.trigger,
      status: r.status,
      attempts: r.attempts,
      startedAt: r.started_at,
      finishedAt: r.finished_at,
      recipients: r.recipients,
      detail: r.detail,
    }
  )
}

/**
 * Claims a week for sending (status sending), in one IMMEDIATE transaction so two workers
 * never both claim it. The schedule may take a week that has no row, failed, or whose claim
 * is older than `staleAfterMs` (a worker that died mid-send: the report goes out again, with
 * the same Message-ID) or that failed more than `retryAfterMs` ago; never a week sent already. site-admin takes a week whatever its state
 * (the person asked for it). Returns whether this caller holds the week now.
 */
export function claimWeeklyReport(
  db: Db,
  c: { week: string; trigger: WeeklyReportTrigger; now: Date; staleAfterMs: number; retryAfterMs: number },
): boolean {
  const at = c.now.toISOString()
  return db
    .transaction(() => {
      const row = findWeeklyReport(db, c.week)
      if (!row) {
        prepare(
          db,
          `INSERT INTO weekly_reports (week, trigger, status, attempts, started_at) VALUES (?, ?, 'sending', 1, ?)`,
        ).run(c.week, c.trigger, at)
        return true
      }
      if (c.trigger === 'schedule') {
        if (row.status === 'sent') return false
        const fresh = c.now.getTime() - Date.parse(row.startedAt) < c.staleAfterMs
        if (row.status === 'sending' && fresh) return false
        const failedAgo = c.now.getTime() - Date.parse(row.finishedAt ?? row.startedAt)
        if (row.status === 'failed' && failedAgo < c.retryAfterMs) return false
      }
      prepare(
        db,
        `UPDATE weekly_reports SET trigger = ?, status = 'sending', attempts = attempts + 1, started_at = ?,
           finished_at = NULL, detail = NULL WHERE week = ?`,
      ).run(c.trigger, at, c.week)
      return true
    })
    .immediate()
}

/** Records how a claimed week's sending ended. */
export function finishWeeklyReport(
  db: Db,
  f: { week: string; status: 'sent' | 'failed'; detail: string; recipients: string[]; now: Date },
): void {
  db.transaction(() => {
    prepare(
      db,
      `UPDATE weekly_reports SET status = ?, detail = ?, recipients = ?, finished_at = ? WHERE week = ?`,
    ).run(f.status, f.detail, f.recipients.join(', '), f.now.toISOString(), f.week)
  }).immediate()
}
