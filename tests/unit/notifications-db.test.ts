import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import {
  claimNotification,
  countFailedNotifications,
  countLeadsWithFailedNotifications,
  countUndeliveredLeads,
  findUnplannedLeadIds,
  listNotifications,
  finishNotification,
  planNotifications,
  retryFailedNotifications,
} from '../../core/notifications/notification-store'
import { findLead, insertLead } from '../../core/leads/store'

let dir: string
let db: Db
const T0 = new Date('2026-01-10T12:00:00.000Z')
const later = (ms: number) => new Date(T0.getTime() + ms)

function addLead(id: string, email = `${id.slice(0, 8)}@example.com`) {
  insertLead(db, {
    id,
    firstName: 'A',
    lastName: 'B',
    email,
    phone: '3035550100',
    address: '1 Main St, Denver',
    message: null,
    formType: 'contact',
    form: 'contact_page',
    sourcePath: '/contact',
    createdAt: T0,
    nextAttemptAt: T0,
  })
}
const ID1 = '00000000-0000-4000-8000-000000000001'
const ID2 = '00000000-0000-4000-8000-000000000002'

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-notify-db-'))
  db = openMigratedDatabase(path.join(dir, 'leads.db'))
  addLead(ID1)
  addLead(ID2)
})
afterEach(() => {
  db.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('notification state', () => {
  test('planning is done once; a lead with only skipped channels is settled at once', () => {
    const plans = [
      { channel: 'office_email', status: 'skipped', detail: 'off' },
      { channel: 'webhook', status: 'skipped', detail: 'off' },
      { channel: 'autoreply', status: 'skipped', detail: 'off' },
    ] as const
    expect(findUnplannedLeadIds(db, later(1), 10)).toEqual([ID1, ID2])
    expect(planNotifications(db, ID1, [...plans], later(1))).toBe(true)
    expect(planNotifications(db, ID1, [...plans], later(2))).toBe(false)
    expect(findLead(db, ID1)?.settledAt).toBe(later(1).toISOString())
    expect(findUnplannedLeadIds(db, later(1), 10)).toEqual([ID2])
  })

  test('a claim is exclusive until it is recorded or its lease runs out', () => {
    planNotifications(db, ID1, [{ channel: 'office_email', status: 'pending' }], T0)
    expect(claimNotification(db, ID1, 'office_email', later(1), 1000)).toMatchObject({ attempts: 1 })
    expect(claimNotification(db, ID1, 'office_email', later(2), 1000)).toBeUndefined()
    // The claimant died: after the lease another driver may take the row.
    expect(claimNotification(db, ID1, 'office_email', later(1001), 1000)).toMatchObject({ attempts: 2 })
    finishNotification(db, ID1, 'office_email', 'sent', '<id@x> 250 OK', later(1100))
    expect(claimNotification(db, ID1, 'office_email', later(5000), 1000)).toBeUndefined()
    expect(findLead(db, ID1)?.settledAt).toBe(later(1100).toISOString())
  })

  test('undelivered and failed counts, the states per lead, and retrying failed rows', () => {
    planNotifications(
      db,
      ID1,
      [
        { channel: 'office_email', status: 'pending' },
        { channel: 'webhook', status: 'pending' },
      ],
      T0,
    )
    expect(countUndeliveredLeads(db, later(1))).toBe(2)
    claimNotification(db, ID1, 'office_email', T0, 1000)
    finishNotification(db, ID1, 'office_email', 'sent', 'ok', later(10))
    claimNotification(db, ID1, 'webhook', T0, 1000)
    finishNotification(db, ID1, 'webhook', 'failed', 'HTTP 410 Gone', later(20))
    // No worker registered the channels here: a channel of unknown audience counts as the contractor's.
    expect(countFailedNotifications(db)).toEqual({ contractor: 1, homeowner: 0 })
    expect(findLead(db, ID1)?.settledAt).not.toBeNull()
    expect(countUndeliveredLeads(db, later(1))).toBe(1)

    const states = listNotifications(db, [ID1, ID2])
    expect(Object.keys(states)).toEqual([ID1, ID2])
    expect(states[ID2]).toEqual([])
    expect(states[ID1]?.map((s) => [s.channel, s.status, s.detail])).toEqual([
      ['office_email', 'sent', 'ok'],
      ['webhook', 'failed', 'HTTP 410 Gone'],
    ])

    expect(retryFailedNotifications(db, later(30), ID2)).toBe(0)
    expect(retryFailedNotifications(db, later(30))).toBe(1)
    expect(countFailedNotifications(db)).toEqual({ contractor: 0, homeowner: 0 })
    expect(findLead(db, ID1)?.settledAt).toBeNull()
    expect(listNotifications(db, [ID1])[ID1]?.[1]).toMatchObject({
      status: 'pending',
      nextAttemptAt: later(30).toISOString(),
      detail: 'retry requested; last failure: HTTP 410 Gone',
    })
    expect(claimNotification(db, ID1, 'webhook', later(31), 1000)).toMatchObject({ attempts: 2 })
  })

  test('failed notifications are also counted as the leads they belong to', () => {
    const channels = ['office_email', 'webhook'] as const
    planNotifications(
      db,
      ID1,
      channels.map((channel) => ({ channel, status: 'pending' as const })),
      T0,
    )
    planNotifications(db, ID2, [{ channel: 'webhook', status: 'pending' }], T0)
    expect(countLeadsWithFailedNotifications(db)).toBe(0)
    for (const channel of channels) {
      claimNotification(db, ID1, channel, T0, 1000)
      finishNotification(db, ID1, channel, 'failed', 'refused', later(10))
    }
    claimNotification(db, ID2, 'webhook', T0, 1000)
    finishNotification(db, ID2, 'webhook', 'failed', 'HTTP 410 Gone', later(10))
    expect(countFailedNotifications(db)).toEqual({ contractor: 3, homeowner: 0 })
    expect(countLeadsWithFailedNotifications(db)).toBe(2)
    retryFailedNotifications(db, later(20), ID2)
    expect(countLeadsWithFailedNotifications(db)).toBe(1)
  })
})
