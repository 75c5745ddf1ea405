/** Enquiries as the forms send them, for the schema's unit tests and the endpoint's integration tests. */
import { ENQUIRY_MESSAGES } from '../../shared/enquiry'

export const VALID_ENQUIRY = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana.reyes@example.com',
  phone: '(303) 555-0199',
  address: '1450 Elm Street, Denver, CO 80220',
  message: 'Hail last Tuesday; shingles look bruised.',
  formType: 'contact_modal',
  sourcePath: '/roof-inspection',
} as const

/** What the contact page's form sends (a form post, not JSON): every field as text, the honeypot empty. */
export const CONTACT_PAGE_FORM = {
  firstName: VALID_ENQUIRY.firstName,
  lastName: VALID_ENQUIRY.lastName,
  address: VALID_ENQUIRY.address,
  email: VALID_ENQUIRY.email,
  phone: VALID_ENQUIRY.phone,
  message: VALID_ENQUIRY.message,
  formType: 'contact',
  form: 'contact_page',
  sourcePath: '/contact',
  website: '',
}

/** One invalid value per required field, with the message the visitor sees beside it. */
export const INVALID_FIELDS: [field: string, value: string, message: string][] = [
  ['firstName', '', ENQUIRY_MESSAGES.firstName],
  ['lastName', ' ', ENQUIRY_MESSAGES.lastName],
  ['email', 'dana-at-example', ENQUIRY_MESSAGES.email],
  ['phone', '555-0199', ENQUIRY_MESSAGES.phone],
  ['address', 'Elm', ENQUIRY_MESSAGES.address],
]

/** What the hail report form sends (JSON, as its island posts it): Hana Stone's request, no message. */
export const HAIL_REQUEST = {
  firstName: 'Hana',
  lastName: 'Stone',
  email: 'hana.stone@example.com',
  phone: '(303) 555-0142',
  address: '1 Storm Way, Parker, CO 80134',
  formType: 'contact',
  form: 'hail_report',
  sourcePath: '/hail-report',
}
