/**
 * The text the spam classifier reads from a lead: the names and the message, one after the
 * other. A pitch shows in what it says and often in the name it signs with ("SEO Team",
 * "Digital Growth"), and these are the fields a person writes freely; the phone, e-mail and
 * address have rules of their own in the score. The same function makes a training example
 * (core/spam/learning.ts) and what is scored (core/spam/classifier.ts), so the two never read
 * different things.
 */
export interface ClassifiedFields {
  firstName: string
  lastName: string
  message?: string | null
}

export function classifierText(fields: ClassifiedFields): string {
  return [fields.firstName, fields.lastName, fields.message ?? ''].join('\n').trim()
}
