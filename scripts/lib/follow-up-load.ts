/**
 * What the follow-ups' bench and drill share (docs/bookings.md, "Follow-ups until booked"):
 * leads written straight into the stack's database, all stored at one moment and long
 * delivered to the office (as a day's leads are when their follow-ups fall due), so that with
 * FOLLOW_UP_AFTER=20s every follow-up falls due at once; and the count of what the SMTP peer
 * accepted, by each follow-up's X-Follow-Up header.
 */
import { randomUUID } from 'node:crypto'
import { openMigratedDatabase } from '../../core/platform/db/open'
import type { TestSmtpServer } from '../../tests/support/notify-peers'
import { addLead } from '../../tests/support/leads'

/** The delay the stacks run with: each lead's one follow-up falls due this long after it. */
export const FOLLOW_UP_DELAY = '20s'
export const FOLLOW_UP_DELAY_MS = 20_000

/**
 * Stores `count` leads at `at`, each of its own address, already handed to the queue and
 * settled (the office was told of them); returns their ids.
 */
export function seedLeads(dbPath: string, count: number, at: Date, tag: string): string[] {
  const db = openMigratedDatabase(dbPath)
  try {
    const ids: string[] = []
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const id = randomUUID()
        addLead(db, { id, createdAt: at, email: `${tag}-${i}@follow-ups.example`, firstName: 'Fran' })
        ids.push(id)
      }
      db.prepare(
        `UPDATE form_submissions SET enqueued_at = ?, settled_at = ?, next_attempt_at = NULL
         WHERE id IN (SELECT value FROM json_each(?))`,
      ).run(at.toISOString(), at.toISOString(), JSON.stringify(ids))
    })()
    return ids
  } finally {
    db.close()
  }
}

/** Of `ids`' first follow-ups: how many the peer accepted, every copy past the first, when each first came. */
export function countFollowUps(
  smtp: TestSmtpServer,
  ids: string[],
): { sent: number; duplicates: number; lost: number; acceptedAt: number[] } {
  const seen = new Map<string, number[]>()
  for (const m of smtp.accepted)
    if (m.followUp) seen.set(m.followUp, [...(seen.get(m.followUp) ?? []), m.acceptedAt])
  let sent = 0
  let duplicates = 0
  const acceptedAt: number[] = []
  for (const id of ids) {
    const times = seen.get(`${id}:1`) ?? []
    if (times.length) {
      sent += 1
      acceptedAt.push(times[0]!)
    }
    duplicates += Math.max(0, times.length - 1)
  }
  return { sent, duplicates, lost: ids.length - sent, acceptedAt }
}
