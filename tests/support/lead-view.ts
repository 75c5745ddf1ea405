/** A lead as the notifications show it (core/notifications/lead-view), for the tests of what they say. */
import type { LeadToShow } from '../../core/notifications'

/** Ada Roof's hail report request; `fields` set what a test is about. */
export function leadToShow(fields: Partial<LeadToShow> = {}): LeadToShow {
  return {
    id: '4b0c9f7e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
    firstName: 'Ada',
    lastName: 'Roof',
    email: 'ada@example.com',
    phone: '(303) 555-0199',
    address: '12 Pine St, Parker, CO 80134',
    message: null,
    formType: 'contact',
    form: 'hail_report',
    sourcePath: '/hail-report',
    createdAt: '2026-06-17T20:05:00.000Z',
    duplicateOf: null,
    ...fields,
  }
}
