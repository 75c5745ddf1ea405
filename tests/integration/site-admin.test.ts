/**
 * site-admin, run in-process through runAdmin (the whole program but for process plumbing)
 * against real SQLite files, plus the real entry point once.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { listBackups } from '../../core/platform/db/backup'
import { type Db } from '../../core/platform/db/connection'
import { openMigratedDatabase } from '../../core/platform/db/open'
import { findLead, findLeadIdsToEnqueue } from '../../core/leads/store'
import { countSpamExamples } from '../../core/spam/learning'
import {
  findNotifications,
  finishNotification,
  planNotifications,
  registerChannels,
} from '../../core/notifications/notification-store'
import { CHANNELS } from '../../core/notifications/channels/index'
import { expectWrongUsage, runAdminCaptured } from '../support/admin'
import { addLead, HONEYPOT_REASON } from '../support/leads'
import { STORM_ALERTS_LABEL } from '../../shared/lead-fields'

const ROOT = path.resolve(__dirname, '../..')
/** The export's source columns, in the lead-field table's order: this visit's, then the first visit's. */
const TOUCH_COLUMNS =
  'utm_source,utm_medium,utm_campaign,utm_term,utm_content,gclid,gbraid,wbraid,msclkid,fbclid,referrer,landing_page'
const SOURCE_COLUMNS = `${TOUCH_COLUMNS},${TOUCH_COLUMNS.replace(/(^|,)/g, '$1first_')},first_seen_at`
let dir: string
let dbPath: string
let env: NodeJS.ProcessEnv
const opened: Db[] = []

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'roofing-admin-'))
  dbPath = path.join(dir, 'data', 'roofing.db')
  env = { DATABASE_PATH: dbPath, BACKUP_KEEP: '2' }
})
afterEach(() => {
  for (const db of opened.splice(0)) if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The lead database, as the site leaves it: migrated, with the worker's channels registered at its start. */
function database(): Db {
  const db = openMigratedDatabase(dbPath)
  registerChannels(db, CHANNELS, new Date())
  opened.push(db)
  return db
}

const admin = (argv: string[], stdin: Buffer | string = '', at = new Date('2026-06-10T12:00:00Z')) =>
  runAdminCaptured(argv, { env, at, stdin })

describe('--help and usage', () => {
  test.each([
    [[]],
    [['leads']],
    [['leads', 'list']],
    [['leads', 'show']],
    [['leads', 'export']],
    [['leads', 'retry']],
    [['leads', 'not-spam']],
    [['leads', 'report']],
    [['backup']],
    [['backup', 'now']],
    [['backup', 'list']],
    [['restore']],
  ])('site-admin %j --help prints usage and exits 0', async (words) => {
    const { code, out } = await admin([...words, '--help'])
    expect(code).toBe(0)
    expect(out).toMatch(/^Usage: site-admin/)
  })

  test('an unknown command or option is wrong usage: exit 2 with a hint', async () => {
    const unknown = await admin(['leads', 'lst'])
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain("unknown command 'lst'")
    expect(unknown.err).toContain('(Did you mean list?)')
    await expectWrongUsage(admin(['leads', 'list', '--sinse', '7d']), "unknown option '--sinse'")
    await expectWrongUsage(
      admin(['leads', 'list', '--since', 'last tuesday']),
      '--since "last tuesday" is not an age such as 30m, 24h, 7d or 2w',
    )
  })
})

describe('leads list, show and export', () => {
  test('list: newest first, with form, source, duplicate and how far each got; --since narrows it', async () => {
    const db = database()
    const old = addLead(db, { firstName: 'Olive', createdAt: new Date('2026-05-01T10:00:00Z') }, true)
    const fresh = addLead(db, {
      firstName: 'Frank',
      createdAt: new Date('2026-06-09T10:00:00Z'),
      sourcePath: '/hail-report',
    })
    const { code, out } = await admin(['leads', 'list'])
    expect(code).toBe(0)
    const lines = out.trim().split('\n')
    expect(lines[0]).toMatch(
      /^ID +CREATED \(UTC\) +FORM +NAME +SOURCE +DUPLICATE OF +QUEUED +RECORDED BY WORKER +E-MAIL TO OFFICE +WEBHOOK +AUTOREPLY +HAIL REPORT +ALERT CONFIRMATION +TEXT TO OFFICE$/,
    )
    expect(lines[1]).toMatch(
      new RegExp(
        `^${fresh} +2026-06-09 10:00 +contact_page +Frank Reyes +/hail-report +pending \\(0 tries\\) +not yet +not yet +not yet +not yet +not yet +not yet +not yet$`,
      ),
    )
    expect(lines[2]).toMatch(
      new RegExp(
        `^${old} +2026-05-01 10:00 +contact_page +Olive Reyes +/contact +pending \\(0 tries\\) +20\\d\\d-`,
      ),
    )
    expect(out).toContain('2 leads, newest first.')

    const recent = await admin(['leads', 'list', '--since', '7d'])
    expect(recent.out).toContain(fresh)
    expect(recent.out).not.toContain(old)
    expect(recent.out).toContain('1 lead since 2026-06-03T12:00:00.000Z')
    expect((await admin(['leads', 'list', '--limit', '1'])).out).toContain(
      '1 of 2 leads, newest first (--limit <n> or --all for more).',
    )
  })

  test('show: every field of one lead, by its id or the first 8 characters of it', async () => {
    const db = database()
    const id = addLead(db, { message: 'Hail on Tuesday.\nGutters dented too.' }, true)
    const { code, out } = await admin(['leads', 'show', id.slice(0, 8)])
    expect(code).toBe(0)
    expect(out).toMatch(new RegExp(`^id +${id}$`, 'm'))
    expect(out).toMatch(/^message +Hail on Tuesday\.\n +Gutters dented too\.$/m)
    // The lead's fields as the office e-mail shows them, from the lead-field table.
    expect(out).toMatch(
      /^form +contact_page\nform type +contact\nname +Dana Reyes\nphone +\(303\) 555-0199\ne-mail +\S+@example\.com\naddress +1450 Elm Street/m,
    )
    // The storm alerts box after the fields, as the office e-mail shows it: not ticked.
    expect(out).toMatch(/^message +Hail on Tuesday\.\n +Gutters dented too\.\nstorm alerts +no$/m)
    expect(out).toMatch(/^recorded by worker +20\d\d-/m)
    expect(out).toMatch(new RegExp(`^worker job +lead-${id} \\(1 runs\\)$`, 'm'))
    // Ticked: asked, until the address confirms from its e-mail (docs/storm-alerts.md).
    const ticked = addLead(db, { stormAlerts: true })
    expect((await admin(['leads', 'show', ticked])).out).toMatch(/^storm alerts +asked, not confirmed$/m)
    db.prepare('INSERT INTO storm_alert_confirmations (email, lead_id, confirmed_at) VALUES (?, ?, ?)').run(
      `${ticked}@example.com`,
      ticked,
      new Date().toISOString(),
    )
    expect((await admin(['leads', 'show', ticked])).out).toMatch(/^storm alerts +confirmed$/m)
  })

  test('show: an unknown id is an error that says where the ids are, exit 1', async () => {
    database()
    const { code, err } = await admin(['leads', 'show', '00000000-0000-4000-8000-000000000000'])
    expect(code).toBe(1)
    expect(err).toBe(
      'site-admin: No lead with id "00000000-0000-4000-8000-000000000000". site-admin leads list shows the ids.\n',
    )
    expect((await admin(['leads', 'show', 'robert; DROP TABLE'])).err).toContain('is not a lead id')
  })

  test('export: RFC 4180 CSV with a header row, oldest first, formula cells neutralised', async () => {
    const db = database()
    const a = addLead(db, {
      firstName: '=HYPERLINK("http://evil.example")',
      createdAt: new Date('2026-06-01T00:00:00Z'),
    })
    const b = addLead(
      db,
      {
        lastName: '@SUM(A1)',
        message: 'Roof, "old"\nleaks',
        stormAlerts: true,
        createdAt: new Date('2026-06-02T00:00:00Z'),
      },
      true,
    )
    const { code, out } = await admin(['leads', 'export'])
    expect(code).toBe(0)
    const rows = out.split('\r\n')
    expect(rows[0]).toBe(
      `id,created_at,form_type,form,first_name,last_name,email,phone,address,message,${SOURCE_COLUMNS},storm_alerts,storm_alerts_words,storm_alerts_confirmed,source_path,duplicate_of,spam_score,queued_at,recorded_at,email_to_office,webhook,autoreply,hail_report,alert_confirmation,text_to_office`,
    )
    expect(rows[1]).toMatch(
      new RegExp(
        `^${a},2026-06-01T00:00:00.000Z,contact,contact_page,"'=HYPERLINK\\(""http://evil.example""\\)",Reyes,.*,0,,,/contact,`,
      ),
    )
    expect(rows[2]).toMatch(
      new RegExp(
        `^${b},.*,Dana,'@SUM\\(A1\\),.*,"Roof, ""old""\nleaks"${','.repeat(26)}1,${STORM_ALERTS_LABEL},"asked, not confirmed",/contact,,,,20\\d\\d-[^,]*,,,,,,$`,
      ),
    )
    expect(rows[3]).toBe('')
    expect((await admin(['leads', 'export', '--since', '2026-06-02'])).out.split('\r\n')).toHaveLength(3)
  })
})

/** A lead of the Parker hail campaign on Google Ads, as its landing page's hidden fields send it. */
const HAIL_AD = {
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: 'hail-2026',
  landing_page: '/service-areas/parker-co?utm_source=google&utm_medium=cpc&utm_campaign=hail-2026',
}
const SPRING_POST = {
  utm_source: 'facebook',
  utm_medium: 'paid',
  utm_campaign: 'spring',
  landing_page: '/?utm_source=facebook&utm_medium=paid&utm_campaign=spring',
}
const NO_TOKEN = {
  score: 1,
  reasons: [{ code: 'token_missing', points: 1, text: 'no form token' }],
  quarantine: false,
}
const BOT = {
  score: 12,
  reasons: [HONEYPOT_REASON, { code: 'token_fast', points: 2, text: 'sent 2.1 s after the form was shown' }],
  quarantine: true,
}

/**
 * Six leads over two weeks (Monday 2026-06-01 and Monday 2026-06-08) and one bot held in
 * quarantine that no count may include: it came from the hail campaign too, on a form no lead used.
 */
function seedCampaigns(db: Db): { spam: string } {
  const at = (day: string) => new Date(`2026-06-${day}T10:00:00Z`)
  addLead(db, { ...HAIL_AD, gclid: 'Cj0KCQ-abc', form: 'hail_report', createdAt: at('08') })
  addLead(db, { ...HAIL_AD, form: 'hail_report', createdAt: at('09') })
  addLead(db, { ...HAIL_AD, form: 'contact_modal', formType: 'contact_modal', createdAt: at('09') })
  addLead(db, { ...SPRING_POST, form: 'contact_modal', formType: 'contact_modal', createdAt: at('02') })
  addLead(db, { ...SPRING_POST, form: 'contact_modal', formType: 'contact_modal', createdAt: at('03') })
  addLead(db, { landing_page: '/roof-repair', createdAt: at('04') })
  const spam = addLead(db, {
    ...HAIL_AD,
    form: 'exit_intent',
    formType: 'exit_intent',
    createdAt: at('09'),
    spam: BOT,
  })
  return { spam }
}

describe('leads report: what each source, page, form and week brought', () => {
  test('the printed report counts the leads (not the spam) per source / medium / campaign, landing page, form and week', async () => {
    seedCampaigns(database())
    const { code, out, err } = await admin(['leads', 'report'])
    expect(err).toBe('')
    expect(code).toBe(0)
    // The counts; then the bookings of the last full week, as the weekly report gives them.
    const bookings = out.indexOf(
      '\nBookings of the leads of the week of Monday, June 1 to Sunday, June 7, 2026',
    )
    expect(out.slice(bookings)).toContain('\n- All leads: 0 of 3 (0%) / 0 of 0 (–)\n')
    expect(out.slice(bookings)).toContain(
      "\nStill not booked or marked: 3 of this week's leads (the week before: 0)\n",
    )
    expect(out.slice(0, bookings)).toBe(
      [
        '6 leads all time (2026-06-02 10:00 to 2026-06-09 10:00 UTC). 1 held as spam in quarantine, not counted (site-admin leads list --spam).',
        '',
        'By source / medium / campaign (of the visit that sent the enquiry)',
        'SOURCE      MEDIUM  CAMPAIGN   LEADS  SHARE',
        'Google Ads  cpc     hail-2026  3      50%',
        'Facebook    paid    spring     2      33%',
        'Direct      (none)  (none)     1      17%',
        '',
        'By landing page',
        'LANDING PAGE              LEADS  SHARE',
        '/service-areas/parker-co  3      50%',
        '/                         2      33%',
        '/roof-repair              1      17%',
        '',
        'By form',
        'FORM           LEADS  SHARE',
        'contact_modal  3      50%',
        'hail_report    2      33%',
        'contact_page   1      17%',
        '',
        'By week (Monday, Denver time)',
        'WEEK        LEADS  SHARE',
        '2026-06-01  3      50%',
        '2026-06-08  3      50%',
        '',
      ].join('\n'),
    )
  })

  test("weeks are the weekly e-mail's, Monday to Monday in Denver: Monday 03:00 UTC is still Sunday evening there", async () => {
    const db = database()
    // Sunday 7 June 2026, 21:00 MDT: the week of Monday 1 June.
    addLead(db, { form: 'contact_page', createdAt: new Date('2026-06-08T03:00:00Z') })
    // Monday 8 June 2026, 00:00 MDT: the first moment of the next week.
    addLead(db, { form: 'contact_page', createdAt: new Date('2026-06-08T06:00:00Z') })
    const { code, out } = await admin(['leads', 'report', '--csv'])
    expect(code).toBe(0)
    const weeks = out.split('\r\n').filter((line) => line.startsWith('week,'))
    expect(weeks).toEqual(['week,,,,,,2026-06-01,1', 'week,,,,,,2026-06-08,1'])
  })

  test('--csv is one CSV of every section, with the columns a spreadsheet filters on', async () => {
    seedCampaigns(database())
    const { code, out } = await admin(['leads', 'report', '--csv'])
    expect(code).toBe(0)
    // No value here needs quoting, so a plain split reads the CSV exactly (no CSV parser in package.json).
    expect(out).not.toMatch(/"/)
    const lines = out.split('\r\n')
    expect(lines.pop()).toBe('')
    const [header, ...rows] = lines.map((line) => line.split(','))
    expect(header).toEqual([
      'section',
      'source',
      'medium',
      'campaign',
      'landing_page',
      'form',
      'week',
      'leads',
    ])
    expect(rows).toEqual([
      ['source', 'Google Ads', 'cpc', 'hail-2026', '', '', '', '3'],
      ['source', 'Facebook', 'paid', 'spring', '', '', '', '2'],
      ['source', 'Direct', '(none)', '(none)', '', '', '', '1'],
      ['landing_page', '', '', '', '/service-areas/parker-co', '', '', '3'],
      ['landing_page', '', '', '', '/', '', '', '2'],
      ['landing_page', '', '', '', '/roof-repair', '', '', '1'],
      ['form', '', '', '', '', 'contact_modal', '', '3'],
      ['form', '', '', '', '', 'hail_report', '', '2'],
      ['form', '', '', '', '', 'contact_page', '', '1'],
      ['week', '', '', '', '', '', '2026-06-01', '3'],
      ['week', '', '', '', '', '', '2026-06-08', '3'],
    ])
  })

  test('--since narrows the report; nothing in the span says so; leads stored without a source are "(not recorded)"', async () => {
    const db = database()
    seedCampaigns(db)
    const week = await admin(['leads', 'report', '--since', '7d'])
    expect(week.code).toBe(0)
    expect(week.out).toMatch(
      /^4 leads since 2026-06-03 12:00 UTC \(newest 2026-06-09 10:00 UTC\)\. 1 held as spam in quarantine, not counted \(site-admin leads list --spam --since 7d\)\./,
    )
    expect(week.out).toContain(
      'Google Ads  cpc     hail-2026  3      75%\nDirect      (none)  (none)     1      25%\n',
    )
    expect(week.out.slice(0, week.out.indexOf('\nBookings of the leads'))).not.toContain('Facebook')
    const csv = (await admin(['leads', 'report', '--since', '2026-06-08', '--csv'])).out.split('\r\n')
    expect(csv).toEqual([
      'section,source,medium,campaign,landing_page,form,week,leads',
      'source,Google Ads,cpc,hail-2026,,,,3',
      'landing_page,,,,/service-areas/parker-co,,,3',
      'form,,,,,hail_report,,2',
      'form,,,,,contact_modal,,1',
      'week,,,,,,2026-06-08,3',
      '',
    ])

    const none = await admin(['leads', 'report', '--since', '2026-06-10'])
    expect(none.code).toBe(0)
    expect(none.out).toBe(
      'No leads since 2026-06-10T00:00:00.000Z. Spam held in quarantine is not counted.\n',
    )
    const emptyCsv = await admin(['leads', 'report', '--since', '2026-06-10', '--csv'])
    expect(emptyCsv.out).toBe('section,source,medium,campaign,landing_page,form,week,leads\r\n')
    expect(emptyCsv.err).toBe('No leads since 2026-06-10T00:00:00.000Z.\n')

    addLead(db, { createdAt: new Date('2026-06-10T09:00:00Z') })
    const old = await admin(['leads', 'report', '--since', '2026-06-10'])
    expect(old.out).toContain('(not recorded)  (none)  (none)    1      100%')
    expect(old.out).toContain('(not recorded)  1      100%')
  })
})

describe('spam held in quarantine: list --spam and not-spam', () => {
  test('list leaves the spam out and says how much there is; list --spam shows only the spam, with why', async () => {
    const db = database()
    const lead = addLead(db, {
      firstName: 'Rita',
      createdAt: new Date('2026-06-09T08:00:00Z'),
      spam: NO_TOKEN,
    })
    const spam = addLead(db, {
      firstName: 'xKjQwpZ',
      lastName: 'xKjQwpZ',
      email: 'seo@mailinator.com',
      form: 'exit_intent',
      formType: 'exit_intent',
      createdAt: new Date('2026-06-09T09:30:00Z'),
      spam: BOT,
    })

    const list = await admin(['leads', 'list'])
    expect(list.code).toBe(0)
    expect(list.out).toContain(lead)
    expect(list.out).not.toContain(spam)
    expect(list.out).toMatch(
      /\n1 lead, newest first\.\n1 held as spam in quarantine \(site-admin leads list --spam\)\.\n$/,
    )
    expect((await admin(['leads', 'list', '--since', '2026-06-09T09:00:00Z'])).out).toBe(
      'No leads since 2026-06-09T09:00:00.000Z.\n1 held as spam in quarantine since 2026-06-09T09:00:00.000Z (site-admin leads list --spam --since 2026-06-09T09:00:00Z).\n',
    )

    const spamList = await admin(['leads', 'list', '--spam'])
    expect(spamList.code).toBe(0)
    const lines = spamList.out.split('\n')
    expect(lines[0]).toMatch(/^ID +CREATED \(UTC\) +FORM +NAME +E-MAIL +SCORE +WHY$/)
    expect(lines[1]).toMatch(
      new RegExp(
        `^${spam} +2026-06-09 09:30 +exit_intent +xKjQwpZ xKjQwpZ +seo@mailinator\\.com +12 +honeypot field filled; sent 2\\.1 s after the form was shown$`,
      ),
    )
    expect(spamList.out).not.toContain(lead)
    expect(lines.slice(2)).toEqual([
      '',
      '1 held as spam in quarantine, newest first.',
      'Release one with: site-admin leads not-spam <id>. Spam is deleted after SPAM_RETENTION_DAYS (30 by default).',
      '',
    ])
  })

  test('not-spam releases a lead once: it is listed and due for the queue; a second not-spam exits 1 and changes nothing', async () => {
    const db = database()
    const id = addLead(db, {
      firstName: 'Pat',
      lastName: 'Nguyen',
      createdAt: new Date('2026-06-09T09:30:00Z'),
      spam: BOT,
    })
    expect(findLeadIdsToEnqueue(db, new Date('2026-06-10T12:00:00Z'), 10)).toEqual([])

    const released = await admin(['leads', 'not-spam', id.slice(0, 8)])
    expect(released.err).toBe('')
    expect(released.code).toBe(0)
    expect(released.out).toBe(
      `Released ${id} (Pat Nguyen) from quarantine: it goes to the queue within seconds and is delivered on every channel like any lead. Follow it with: site-admin leads show ${id.slice(0, 8)}\n`,
    )
    expect(findLead(db, id)).toMatchObject({
      quarantinedAt: '2026-06-09T09:30:00.000Z',
      releasedAt: '2026-06-10T12:00:00.000Z',
      nextAttemptAt: '2026-06-10T12:00:00.000Z',
    })
    // The relay hands it to the queue on its next pass.
    expect(findLeadIdsToEnqueue(db, new Date('2026-06-10T12:00:01Z'), 10)).toEqual([id])
    // The spam classifier learns that its text is no spam.
    expect(db.prepare('SELECT label, source FROM spam_examples WHERE lead_id = ?').get(id)).toEqual({
      label: 'not_spam',
      source: 'site-admin',
    })
    expect((await admin(['leads', 'list'])).out).toContain(id)
    expect((await admin(['leads', 'list', '--spam'])).out).toBe('No leads held as spam.\n')

    const before = findLead(db, id)
    const again = await admin(['leads', 'not-spam', id], '', new Date('2026-06-10T13:00:00Z'))
    expect(again.code).toBe(1)
    expect(again.out).toBe('')
    expect(again.err).toBe(
      `site-admin: Lead ${id} (Pat Nguyen) was released from quarantine already, at 2026-06-10T12:00:00.000Z; nothing changed (it is not delivered twice).\n`,
    )
    expect(findLead(db, id)).toEqual(before)
    expect(countSpamExamples(db)).toEqual({ spam: 0, not_spam: 1 })

    const lead = addLead(db, { firstName: 'Rita', spam: NO_TOKEN })
    const notHeld = await admin(['leads', 'not-spam', lead])
    expect(notHeld.code).toBe(1)
    expect(notHeld.err).toBe(
      `site-admin: Lead ${lead} (Rita Reyes) is not held as spam: it is a lead like any other; nothing changed.\n`,
    )
    expect((await admin(['leads', 'not-spam', '00000000-0000-4000-8000-000000000000'])).code).toBe(1)
    // Refused releases teach the classifier nothing.
    expect(countSpamExamples(db)).toEqual({ spam: 0, not_spam: 1 })
  })
})

describe('show and export: where a lead came from, and its spam score', () => {
  test('show: where the lead came from, where it first found us, the values as stored, and its spam score', async () => {
    const db = database()
    const id = addLead(db, {
      ...HAIL_AD,
      gclid: 'Cj0KCQ-abc',
      referrer: 'https://www.google.com',
      ...Object.fromEntries(Object.entries(SPRING_POST).map(([k, v]) => [`first_${k}`, v])),
      first_seen_at: '2026-05-20T18:30:00.000Z',
      spam: NO_TOKEN,
    })
    const { code, out } = await admin(['leads', 'show', id.slice(0, 8)])
    expect(code).toBe(0)
    expect(out).toContain(
      [
        'source page         /contact',
        'came from           Google Ads (cpc), campaign hail-2026, landed on /service-areas/parker-co',
        'first found us      Facebook (paid), campaign spring, landed on /, on 2026-05-20',
        'utm_source          google',
        'utm_medium          cpc',
        'utm_campaign        hail-2026',
        'gclid               Cj0KCQ-abc',
        'referrer            https://www.google.com',
        'landing page        /service-areas/parker-co?utm_source=google&utm_medium=cpc&utm_campaign=hail-2026',
        'first utm_source    facebook',
        'first utm_medium    paid',
        'first utm_campaign  spring',
        'first landing page  /?utm_source=facebook&utm_medium=paid&utm_campaign=spring',
        'first seen at       2026-05-20T18:30:00.000Z',
        'spam                score 1, not spam (no form token: +1)',
        'duplicate of        no (first enquiry from this e-mail in 24 h)',
      ].join('\n'),
    )
  })

  test('show: a lead held in quarantine, one released, and one stored before the score', async () => {
    const db = database()
    const held = addLead(db, { createdAt: new Date('2026-06-09T09:30:00Z'), spam: BOT })
    const heldShow = await admin(['leads', 'show', held.slice(0, 8)])
    expect(heldShow.code).toBe(0)
    expect(heldShow.out).toMatch(/^came from +\(not recorded\)$/m)
    expect(heldShow.out).not.toMatch(/^first found us/m)
    expect(heldShow.out).toMatch(
      /^spam +score 12, held in quarantine since 2026-06-09T09:30:00\.000Z \(honeypot field filled: \+10; sent 2\.1 s after the form was shown: \+2\)$/m,
    )
    expect(heldShow.out).toContain(
      `queued              no: held as spam (site-admin leads not-spam ${held.slice(0, 8)} releases it)`,
    )

    expect((await admin(['leads', 'not-spam', held])).code).toBe(0)
    expect((await admin(['leads', 'show', held])).out).toMatch(
      /^spam +score 12, released from quarantine at 2026-06-10T12:00:00\.000Z \(honeypot field filled: \+10; /m,
    )

    const old = addLead(db)
    expect((await admin(['leads', 'show', old])).out).toMatch(/^spam +not scored$/m)
  })

  test('export: the source columns and the spam score; spam held in quarantine is left out', async () => {
    const db = database()
    const id = addLead(db, {
      ...HAIL_AD,
      gclid: 'Cj0KCQ-abc',
      address: '1450 Elm Street Denver CO',
      spam: NO_TOKEN,
    })
    const spam = addLead(db, { spam: BOT })
    const { code, out } = await admin(['leads', 'export'])
    expect(code).toBe(0)
    const [header, row, end, ...more] = out.split('\r\n')
    expect(more).toEqual([])
    expect(end).toBe('')
    expect(out).not.toContain(spam)
    // The row's cells hold no comma or quote, so a split reads them.
    expect(row).not.toMatch(/"/)
    const cells = Object.fromEntries(header!.split(',').map((column, i) => [column, row!.split(',')[i]]))
    expect(cells).toMatchObject({
      id,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'hail-2026',
      gclid: 'Cj0KCQ-abc',
      landing_page: HAIL_AD.landing_page,
      first_utm_source: '',
      spam_score: '1',
    })
    expect(header).toMatch(/,source_path,duplicate_of,spam_score,queued_at,/)
  })
})

describe('leads: how far each got, retry, and what goes wrong', () => {
  test('list, show and export say how far each notification got', async () => {
    const db = database()
    const id = addLead(db, {}, true)
    const at = new Date('2026-06-10T11:00:00Z')
    planNotifications(
      db,
      id,
      [
        { channel: 'office_email', status: 'pending' },
        { channel: 'webhook', status: 'pending' },
        { channel: 'autoreply', status: 'skipped', detail: 'LEAD_AUTOREPLY is off' },
      ],
      at,
    )
    finishNotification(db, id, 'office_email', 'sent', '<lead-1@example.com>', at)
    finishNotification(
      db,
      id,
      'webhook',
      'failed',
      'HTTP 410 Gone: the receiver asked not to be called again',
      at,
    )

    const list = await admin(['leads', 'list'])
    expect(list.out).toMatch(/ sent +failed after 0 tries: HTTP /)
    const show = await admin(['leads', 'show', id])
    expect(show.out).toMatch(/^e-mail to office +sent$/m)
    expect(show.out).toMatch(
      /^webhook +failed after 0 tries: HTTP 410 Gone: the receiver asked not to be called again$/m,
    )
    expect(show.out).toMatch(/^autoreply +skipped \(LEAD_AUTOREPLY is off\)$/m)
    const csv = (await admin(['leads', 'export'])).out.split('\r\n')[1]
    expect(csv).toMatch(
      /,sent,failed after 0 tries: HTTP 410 Gone: the receiver asked not to be called again,skipped \(LEAD_AUTOREPLY is off\),,,$/,
    )
  })

  test('retry hands failed notifications back to the worker, all or one lead, and says how many', async () => {
    const db = database()
    const a = addLead(db, {}, true)
    const b = addLead(db, {}, true)
    const at = new Date('2026-06-10T11:00:00Z')
    for (const id of [a, b]) {
      planNotifications(db, id, [{ channel: 'office_email', status: 'pending' }], at)
      finishNotification(db, id, 'office_email', 'failed', 'SMTP 550: mailbox unavailable', at)
    }

    const one = await admin(['leads', 'retry', a.slice(0, 8)])
    expect(one.err).toBe('')
    expect(one.code).toBe(0)
    expect(one.out).toContain(`1 failed notification of lead ${a} handed back to the worker`)
    expect(findNotifications(db, a)[0]).toMatchObject({
      status: 'pending',
      nextAttemptAt: '2026-06-10T12:00:00.000Z',
    })
    expect(findNotifications(db, b)[0]).toMatchObject({ status: 'failed' })

    const all = await admin(['leads', 'retry'])
    expect(all.code).toBe(0)
    expect(all.out).toContain('1 failed notification handed back to the worker')
    expect(findNotifications(db, b)[0]).toMatchObject({ status: 'pending' })

    const none = await admin(['leads', 'retry'])
    expect(none.code).toBe(0)
    expect(none.out).toBe('No failed notifications: nothing to retry.\n')
    expect((await admin(['leads', 'retry', '00000000-0000-4000-8000-000000000000'])).code).toBe(1)
  })

  test('without a database the commands say what to do, exit 1', async () => {
    const { code, err } = await admin(['leads', 'list'])
    expect(code).toBe(1)
    expect(err).toContain(`No database at ${dbPath} (DATABASE_PATH). Start the site once to create it`)
  })

  test('a bad setting is named, exit 1', async () => {
    env.BACKUP_KEEP = 'all'
    const { code, err } = await admin(['backup', 'list'])
    expect(code).toBe(1)
    expect(err).toMatch(/BACKUP_KEEP must be a number of backups/)
  })
})

describe('backup and restore', () => {
  test('backup now writes a checked backup and keeps the newest BACKUP_KEEP; backup list shows them', async () => {
    const db = database()
    addLead(db)
    for (const hour of ['09', '10', '11']) {
      const { code, out } = await admin(['backup', 'now'], '', new Date(`2026-06-10T${hour}:00:00Z`))
      expect(code).toBe(0)
      expect(out).toMatch(
        new RegExp(
          `^Backup written: .*roofing-2026-06-10T${hour}-00-00-000Z\\.db\n {2}[\\d.]+ KB, 1 leads, integrity check ok`,
        ),
      )
    }
    const list = await admin(['backup', 'list'])
    expect(list.code).toBe(0)
    const lines = list.out.trim().split('\n')
    expect(lines[0]).toMatch(/^FILE +TAKEN \(UTC\) +SIZE +KIND$/)
    // BACKUP_KEEP=2: the 09:00 one was removed by the third run.
    expect(lines[1]).toMatch(/^roofing-2026-06-10T11-00-00-000Z\.db +2026-06-10 11:00 +[\d.]+ KB +regular$/)
    expect(lines[2]).toMatch(/^roofing-2026-06-10T10-00-00-000Z\.db +2026-06-10 10:00 +[\d.]+ KB +regular$/)
    expect(list.out).toContain('2 backup(s) in')
  })

  test('backup list warns when the newest backup is much older than the interval', async () => {
    addLead(database())
    env.BACKUP_INTERVAL_HOURS = '24'
    expect((await admin(['backup', 'now'])).code).toBe(0)
    expect((await admin(['backup', 'list'])).err).toBe('')
    const fourDaysLater = await admin(['backup', 'list'], '', new Date('2026-06-14T12:00:00Z'))
    expect(fourDaysLater.code).toBe(0)
    expect(fourDaysLater.err).toContain(
      "Warning: the newest regular backup is 4 days old, but one is due every 24 h. Check the worker's log",
    )
  })

  test('restore refuses a corrupt file (exit 1) and leaves the database alone', async () => {
    const db = database()
    addLead(db)
    db.close()
    const bad = path.join(dir, 'bad.db')
    writeFileSync(bad, 'this is not a backup\n'.repeat(500))
    const { code, err } = await admin(['restore', bad])
    expect(code).toBe(1)
    expect(err).toBe(`site-admin: ${bad} is not an SQLite database.\n`)
    const missing = await admin(['restore', path.join(dir, 'missing.db')])
    expect(missing.code).toBe(1)
    expect(missing.err).toContain('missing.db does not exist.')
  })

  test('restore refuses while the site runs on the database, then restores once it is stopped', async () => {
    const db = database()
    addLead(db)
    addLead(db)
    expect((await admin(['backup', 'now'])).code).toBe(0)
    const [backup] = listBackups(path.join(dir, 'data', 'backups'))
    addLead(db) // arrives after the backup

    const refused = await admin(['restore', backup!.file])
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('The site is running on')
    expect(refused.err).toContain('docker compose stop web worker')

    db.close()
    const done = await admin(['restore', backup!.file])
    expect(done.code).toBe(0)
    expect(done.out).toContain(`Restored 2 leads`)
    expect(done.out).toMatch(/The database it replaced was moved to .*-pre-restore\.db\./)
    expect((await admin(['leads', 'list'])).out).toContain('2 leads, newest first.')
  })

  test('restore - reads the backup from standard input (copying it into a new volume needs no cp)', async () => {
    const db = database()
    addLead(db)
    expect((await admin(['backup', 'now'])).code).toBe(0)
    db.close()
    const [backup] = listBackups(path.join(dir, 'data', 'backups'))
    env.DATABASE_PATH = path.join(dir, 'elsewhere', 'roofing.db')
    const { code, out } = await admin(['restore', '-'], readFileSync(backup!.file))
    expect(code).toBe(0)
    expect(out).toContain('Restored 1 leads')
    expect(out).toContain('from standard input')
    expect((await admin(['leads', 'export'])).out.split('\r\n')).toHaveLength(3)
  })

  test('restore - with nothing on standard input is wrong usage, and nothing changes', async () => {
    addLead(database())
    const { code, err } = await admin(['restore', '-'], '')
    expect(code).toBe(2)
    expect(err).toContain('restore -: nothing arrived on standard input')
  })
})

test('the real entry point: --help exits 0, an unknown lead exits non-zero with the reason on stderr', () => {
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx')
  const help = spawnSync(tsx, [path.join(ROOT, 'bin/site-admin.ts'), '--help'], {
    cwd: dir,
    encoding: 'utf8',
  })
  expect(help.status).toBe(0)
  expect(help.stdout).toContain('Usage: site-admin')
  database().close()
  const show = spawnSync(tsx, [path.join(ROOT, 'bin/site-admin.ts'), 'leads', 'show', 'abcdef12'], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, DATABASE_PATH: dbPath },
  })
  expect(show.status).toBe(1)
  expect(show.stderr).toContain('No lead with id "abcdef12"')
})
