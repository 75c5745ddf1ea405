/**
 * The scheduling tools' webhooks as they send them, for the integration tests, the benchmark
 * and the drill: Calendly's webhook v2 events (invitee.created, invitee.canceled) and Cal.com's
 * (BOOKING_CREATED, BOOKING_CANCELLED, BOOKING_RESCHEDULED), laid out as their documentation's
 * examples, signed as each tool signs them:
 *
 * - Calendly: `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`
 *   under the subscription's signing key (developer.calendly.com, "Webhook signatures");
 * - Cal.com: `X-Cal-Signature-256: <hex HMAC-SHA256 of the body>` under the webhook's secret
 *   (cal.com's sendPayload).
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto'

const hex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex')

/** Calendly's header for `body` signed at `t` (unix seconds). */
export function calendlySignature(body: string, key: string, t = Math.floor(Date.now() / 1000)): string {
  return `t=${t},v1=${hex(key, `${t}.${body}`)}`
}

/** Cal.com's header for `body`. */
export function calComSignature(body: string, secret: string): string {
  return hex(secret, body)
}

/** A new invitee URI, as Calendly makes them. */
export function calendlyInviteeUri(eventUuid = randomUUID()): string {
  return `https://api.calendly.com/scheduled_events/${eventUuid}/invitees/${randomUUID()}`
}

export interface CalendlyInvitee {
  uri?: string
  email: string
  name: string
  startTime: string
  /** The lead's reference, passed through as salesforce_uuid. */
  ref?: string
  utm?: Record<string, string>
  rescheduled?: boolean
  oldInvitee?: string
  newInvitee?: string
}

/** A Calendly webhook v2 body: `invitee.created` (status active) or `invitee.canceled`. */
export function calendlyEvent(event: 'invitee.created' | 'invitee.canceled', i: CalendlyInvitee): string {
  const uri = i.uri ?? calendlyInviteeUri()
  const eventUri = uri.replace(/\/invitees\/.*$/, '')
  const start = new Date(i.startTime)
  const canceled = event === 'invitee.canceled'
  const [first, ...rest] = i.name.split(' ')
  const now = new Date().toISOString()
  return JSON.stringify({
    created_at: now,
    created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
    event,
    payload: {
      cancel_url: `https://calendly.com/cancellations/${randomUUID()}`,
      created_at: now,
      email: i.email,
      event: eventUri,
      first_name: first,
      last_name: rest.join(' ') || null,
      name: i.name,
      new_invitee: i.newInvitee ?? null,
      no_show: null,
      old_invitee: i.oldInvitee ?? null,
      payment: null,
      questions_and_answers: [{ answer: 'Hail last week', position: 0, question: 'What should we know?' }],
      reconfirmation: null,
      reschedule_url: `https://calendly.com/reschedulings/${randomUUID()}`,
      rescheduled: i.rescheduled ?? false,
      routing_form_submission: null,
      scheduled_event: {
        created_at: now,
        end_time: new Date(start.getTime() + 60 * 60_000).toISOString(),
        event_guests: [],
        event_memberships: [
          { user: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA', user_email: 'jake@example.com' },
        ],
        event_type: 'https://api.calendly.com/event_types/BBBBBBBBBBBBBBBB',
        invitees_counter: { active: canceled ? 0 : 1, limit: 1, total: 1 },
        location: { location: 'At your home', type: 'physical' },
        name: 'Free roof inspection',
        start_time: start.toISOString(),
        status: canceled ? 'canceled' : 'active',
        updated_at: now,
        uri: eventUri,
      },
      status: canceled ? 'canceled' : 'active',
      text_reminder_number: null,
      timezone: 'America/Denver',
      tracking: {
        utm_campaign: i.utm?.utm_campaign ?? null,
        utm_source: i.utm?.utm_source ?? null,
        utm_medium: i.utm?.utm_medium ?? null,
        utm_content: null,
        utm_term: null,
        salesforce_uuid: i.ref ?? null,
      },
      updated_at: now,
      uri,
      ...(canceled
        ? { cancellation: { canceled_by: i.name, reason: null, canceler_type: 'invitee', created_at: now } }
        : {}),
    },
  })
}

export interface CalComBooking {
  uid?: string
  email: string
  name: string
  startTime: string
  ref?: string
  /** The campaign passed through as metadata[utm_*]. */
  utm?: Record<string, string>
  rescheduleUid?: string
}

/** A Cal.com webhook body of `trigger`. */
export function calComEvent(
  trigger: 'BOOKING_CREATED' | 'BOOKING_CANCELLED' | 'BOOKING_RESCHEDULED' | 'PING' | 'MEETING_ENDED',
  b: CalComBooking,
): string {
  const start = new Date(b.startTime)
  return JSON.stringify({
    triggerEvent: trigger,
    createdAt: new Date().toISOString(),
    payload: {
      type: 'roof-inspection',
      title: `Free roof inspection between Jake Miller and ${b.name}`,
      description: '',
      additionalNotes: '',
      customInputs: {},
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60 * 60_000).toISOString(),
      organizer: {
        id: 1,
        name: 'Jake Miller',
        email: 'jake@example.com',
        username: 'jake',
        timeZone: 'America/Denver',
        language: { locale: 'en' },
        timeFormat: 'h:mma',
        utcOffset: -420,
      },
      responses: {
        name: { label: 'your_name', value: b.name },
        email: { label: 'email_address', value: b.email },
      },
      userFieldsResponses: {},
      attendees: [
        {
          email: b.email,
          name: b.name,
          timeZone: 'America/Denver',
          language: { locale: 'en' },
          utcOffset: -420,
        },
      ],
      location: 'At your home',
      destinationCalendar: null,
      hideCalendarNotes: false,
      requiresConfirmation: false,
      eventTypeId: 7,
      seatsShowAttendees: true,
      seatsPerTimeSlot: null,
      uid: b.uid ?? randomBytes(11).toString('base64url'),
      bookingId: Math.floor(Math.random() * 1e6),
      metadata: { ...(b.ref ? { leadRef: b.ref } : {}), ...b.utm },
      status: trigger === 'BOOKING_CANCELLED' ? 'CANCELLED' : 'ACCEPTED',
      ...(b.rescheduleUid ? { rescheduleUid: b.rescheduleUid, rescheduledBy: b.email } : {}),
    },
  })
}

/** The `booking_ref` cookie a lead's answer set (Set-Cookie headers of a supertest answer). */
export function bookingRefOf(setCookie: string[] | string | undefined): string | undefined {
  const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []
  return cookies.map((c) => /^booking_ref=([A-Za-z0-9]+);/.exec(c)?.[1]).find(Boolean)
}
