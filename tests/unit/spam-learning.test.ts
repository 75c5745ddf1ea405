/**
 * learnFromOffice: a labelled lead becomes one training example, the same label twice changes
 * nothing, the other label replaces it, and each change moves the counter other processes
 * watch. A real SQLite file, as the web process and the worker share it.
 */
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import {
  countSpamExamples,
  learnFromOffice,
  readSpamExamples,
  spamModelVersion,
} from '../../core/spam/learning'
import { addLead } from '../support/leads'
import { useTempDir } from '../support/temp-dir'

const dir = useTempDir('spam-learning-', 'test')
let db: Db
beforeEach(() => {
  db = openMigratedDatabase(path.join(dir(), 'leads.db'))
})
afterEach(() => db.close())

describe('learnFromOffice', () => {
  test('stores the names and the message under the label, and moves the counter', () => {
    const id = addLead(db, {
      firstName: 'Growth',
      lastName: 'Team',
      message: 'We can rank you first on Google.',
    })
    expect(spamModelVersion(db)).toBe(0)
    expect(learnFromOffice(db, id, 'spam', 'office-link')).toBe(true)
    expect(readSpamExamples(db)).toEqual({
      version: 1,
      examples: [{ label: 'spam', text: 'Growth\nTeam\nWe can rank you first on Google.' }],
    })
    const row = db.prepare('SELECT source, learned_at FROM spam_examples WHERE lead_id = ?').get(id) as {
      source: string
      learned_at: string
    }
    expect(row.source).toBe('office-link')
    expect(Number.isNaN(Date.parse(row.learned_at))).toBe(false)
  })

  test('the same label a second time changes nothing, the counter included', () => {
    const id = addLead(db, { message: 'Hail took shingles off the north side.' })
    learnFromOffice(db, id, 'not_spam', 'site-admin')
    const before = db.prepare('SELECT * FROM spam_examples').all()
    expect(learnFromOffice(db, id, 'not_spam', 'office-link')).toBe(true)
    expect(db.prepare('SELECT * FROM spam_examples').all()).toEqual(before)
    expect(spamModelVersion(db)).toBe(1)
  })

  test('the other label replaces the first', () => {
    const id = addLead(db, { message: 'Do you offer financing?' })
    learnFromOffice(db, id, 'spam', 'office-link')
    learnFromOffice(db, id, 'not_spam', 'site-admin')
    expect(countSpamExamples(db)).toEqual({ spam: 0, not_spam: 1 })
    expect(readSpamExamples(db).version).toBe(2)
    expect(db.prepare('SELECT source FROM spam_examples').get()).toEqual({ source: 'site-admin' })
  })

  test('an unknown lead is refused and nothing is stored', () => {
    expect(learnFromOffice(db, '00000000-0000-4000-8000-00000000dead', 'spam', 'office-link')).toBe(false)
    expect(countSpamExamples(db)).toEqual({ spam: 0, not_spam: 0 })
    expect(spamModelVersion(db)).toBe(0)
  })

  test('a lead without a message is learned from its names', () => {
    const id = addLead(db, { firstName: 'Dana', lastName: 'Reyes', message: null })
    learnFromOffice(db, id, 'not_spam', 'site-admin')
    expect(readSpamExamples(db).examples).toEqual([{ label: 'not_spam', text: 'Dana\nReyes' }])
  })
})
