/**
 * A text to the office's phone for each new lead (docs/bookings.md, "Text messages to the
 * office"): contractors are on roofs, not at desks. Through Twilio's Messages API
 * (core/platform/sms/twilio.ts), to OFFICE_SMS_TO, within two SMS parts: what came in and from
 * whom, the phone to call, the city, whether radar saw hail near the home in the last year
 * (every lead with an address that can be placed without the network: radar-hail-line.ts), for
 * a hail report request what its report found at the address (the first part of the office
 * e-mail's storms line, which the report made before any notification went out), and the form.
 * Nothing is ever texted to a homeowner: the forms do not collect the written consent texting
 * them needs.
 */
import { fitSms } from '../../platform/sms/segments'
import {
  checkTwilioSettings,
  describeTwilio,
  readTwilioSettings,
  sendSms,
  TWILIO_SETTINGS,
} from '../../platform/sms/twilio'
import { toHeaderText } from '../../platform/mail/text'
import type { LeadView } from '../lead-view'
import { defineChannel } from './channel'

/** The text: what matters most first, so a long name or address never pushes out the phone number. */
export function officeSmsText(lead: LeadView, test = false): string {
  const who = toHeaderText(lead.fullName, 60) || 'no name'
  const city = lead.city ? `, ${toHeaderText(lead.city, 40)}` : ''
  const storms = lead.storms?.split(';')[0]?.trim()
  return fitSms([
    `${test ? '[Test] ' : ''}New ${lead.kind.request}${lead.duplicateOf ? ' (repeat)' : ''}: ${who}, ${lead.phone}${city}.`,
    lead.radarHail,
    storms ? `Storms at the address: ${storms}.` : undefined,
    `${lead.kind.label}.`,
  ])
}

export const officeSms = defineChannel({
  id: 'office_sms',
  label: 'text to office',
  exportColumn: 'text_to_office',
  audience: 'contractor',
  enabledBy: 'TWILIO_ACCOUNT_SID',
  setUp: 'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM and OFFICE_SMS_TO (text)',
  env: TWILIO_SETTINGS,
  check: (e, _shared, problem) => checkTwilioSettings(e, problem),
  configure: (e) => readTwilioSettings(e),
  plan: (_lead, settings) =>
    settings
      ? { status: 'pending' }
      : { status: 'skipped', detail: 'not configured (TWILIO_ACCOUNT_SID unset)' },
  describe: (settings) => (settings ? `on: ${describeTwilio(settings)}` : 'off (TWILIO_ACCOUNT_SID unset)'),
  describeTest: (settings) => `text to ${describeTwilio(settings)}`,
  send: (lead, settings, ctx) => sendSms(settings, officeSmsText(lead, ctx.test), ctx.sendTimeoutMs),
})
