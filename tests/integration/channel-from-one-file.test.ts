/**
 * A notification channel is one module and a line in the list: a throwaway channel, written
 * like the real ones in one file (tests/support/fixtures/chat-channel.ts), is added to the
 * worker's list and nothing else. Through the real pipeline (SQLite file, Redis, the worker's
 * code, a real HTTP receiver) it is configured from its own variable, planned for each lead,
 * sent, recorded, shown by site-admin, and counted by /readyz when it fails.
 */
import request from 'supertest'
import { describe, expect, test } from 'vitest'
import { ENQUIRY_ENDPOINT } from '../../shared/enquiry'
import { ConfigError, parseEnv } from '../../core/platform/config/helpers'
import { findLead } from '../../core/leads/store'
import { findNotifications } from '../../core/notifications/notification-store'
import { workerConfigSchema } from '../../worker/config'
import { CHANNELS } from '../../core/notifications/channels/index'
import { teamChat } from '../support/fixtures/chat-channel'
import { VALID_ENQUIRY } from '../support/enquiries'
import { startTestWebhookReceiver } from '../support/notify-peers'
import { SITE_ORIGIN, usePipeline, waitFor, type Pipeline } from '../support/pipeline'
import { runAdminCaptured } from '../support/admin'
import { usePeer } from '../support/use-peer'

const WITH_CHAT = [...CHANNELS, teamChat]

const chat = usePeer(startTestWebhookReceiver)

const siteAdmin = (p: Pipeline, argv: string[]) =>
  runAdminCaptured(argv, { env: { DATABASE_PATH: p.config.databasePath } })

async function postLead(p: Pipeline, email: string): Promise<string> {
  const res = await request(p.http)
    .post(ENQUIRY_ENDPOINT)
    .set('Origin', SITE_ORIGIN)
    .send({ ...VALID_ENQUIRY, email })
  expect(res.status).toBe(201)
  return res.body.id as string
}

const chatRow = (p: Pipeline, id: string) =>
  findNotifications(p.db, id).find((n) => n.channel === 'team_chat')

describe('a channel added to the list from one file', () => {
  const pipeline = usePipeline(
    () => ({
      label: 'channel-one-file',
      channels: WITH_CHAT,
      env: { TEAM_CHAT_URL: chat.url, NOTIFY_RETRY_BASE_MS: '40', NOTIFY_RETRY_MAX_MS: '100' },
      deliveryGraceMs: 60_000,
    }),
    { worker: true, reconciler: true },
  )

  test('is configured from its own variable, with its own rule', () => {
    const config = pipeline().workerConfig
    expect(config.notify.channels.map((c) => c.id)).toEqual([
      'office_email',
      'webhook',
      'autoreply',
      'hail_report',
      'storm_alerts_confirmation',
      'office_sms',
      'team_chat',
    ])
    expect(config.notify.channels.at(-1)?.describe()).toMatch(/^on: http:\/\/127\.0\.0\.1:\d+$/)
    let problems: string[] = []
    try {
      parseEnv(workerConfigSchema(WITH_CHAT), { TEAM_CHAT_URL: 'not a url' })
    } catch (err) {
      if (err instanceof ConfigError) problems = err.problems
    }
    expect(problems).toEqual(['TEAM_CHAT_URL must be the URL of the chat’s incoming webhook'])
  })

  test('is planned for a lead, sent, recorded, and skipped for a repeat as its module says', async () => {
    const p = pipeline()
    const id = await postLead(p, 'chat.first@example.com')
    await waitFor(() => chatRow(p, id)?.status === 'sent', 5000, 'the chat notification')
    expect(chatRow(p, id)).toMatchObject({ status: 'sent', attempts: 1, detail: 'HTTP 200' })
    await waitFor(() => findLead(p.db, id)?.settledAt != null, 5000, 'the lead to settle')
    const posted = chat.requests.filter((r) => r.body.includes(id))
    expect(posted).toHaveLength(1)
    expect(JSON.parse(posted[0]!.body)).toEqual({ text: `New inspection request in Denver (lead ${id})` })

    const repeat = await postLead(p, 'chat.first@example.com')
    await waitFor(() => findLead(p.db, repeat)?.settledAt != null, 5000, 'the repeat to settle')
    expect(chatRow(p, repeat)).toMatchObject({
      status: 'skipped',
      detail: 'repeat enquiry: the chat heard of it already',
    })
  })

  test('is listed by site-admin, which only read what the worker registered', async () => {
    const p = pipeline()
    const id = await postLead(p, 'chat.listed@example.com')
    await waitFor(() => chatRow(p, id)?.status === 'sent', 5000, 'the chat notification')
    const list = await siteAdmin(p, ['leads', 'list'])
    expect(list.code).toBe(0)
    expect(list.out.split('\n')[0]).toMatch(
      / E-MAIL TO OFFICE +WEBHOOK +AUTOREPLY +HAIL REPORT +ALERT CONFIRMATION +TEXT TO OFFICE +TEAM CHAT$/,
    )
    expect(list.out).toMatch(new RegExp(`^${id} .* sent$`, 'm'))
    const show = await siteAdmin(p, ['leads', 'show', id])
    expect(show.out).toMatch(/^team chat +sent$/m)
    const csv = (await siteAdmin(p, ['leads', 'export'])).out.split('\r\n')
    expect(csv[0]).toMatch(
      /,email_to_office,webhook,autoreply,hail_report,alert_confirmation,text_to_office,team_chat$/,
    )
  })

  test('reaching the contractor, its failure degrades /readyz as the office e-mail’s would', async () => {
    const p = pipeline()
    chat.respondWith(404)
    try {
      const id = await postLead(p, 'chat.refused@example.com')
      await waitFor(() => chatRow(p, id)?.status === 'failed', 5000, 'the chat notification to fail')
      expect(chatRow(p, id)?.detail).toBe('HTTP 404')
    } finally {
      chat.respondWith(200)
    }
    const ready = await request(p.http).get('/readyz')
    expect(ready.body.checks.delivery).toMatchObject({
      status: 'degraded',
      counts: { failedNotifications: 1, failedToHomeowners: 0 },
    })
  })
})
