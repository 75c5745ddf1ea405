/**
 * The office links' confirmation pages (docs/spam.md, "The office's links") as the page checks
 * visit them: they are not in the route table (not indexed, in no sitemap), and each needs a
 * lead and a signed link, so they are made here, against the e2e web server's own database:
 * a held lead and two delivered ones posted to the API, and their links signed with the key the
 * server keeps in that database.
 */
import { randomUUID } from 'node:crypto'
import Database from 'better-sqlite3'
import { makeOfficeToken, officeLinkKey, OFFICE_CONFIRM_PATH } from '../core/spam/office-links'
import { BASE_URL, E2E_DATABASE_PATH } from '../playwright.config'

export interface OfficePage {
  name: string
  path: string
  /** The HTTP status the page is sent with. */
  status: number
  /** Set: the page is the answer to its button (a POST with this origin). */
  post?: { origin: string }
}

async function postLead(fields: Record<string, string>): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/enquiries`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: BASE_URL },
    body: JSON.stringify({
      firstName: 'Rosa',
      lastName: 'Delgado',
      email: `rosa.${randomUUID().slice(0, 8)}@example.com`,
      phone: '(303) 555-0188',
      address: '845 Grant St, Denver, CO 80203',
      message: 'The wind took a few shingles off the back of the house on Friday.',
      formType: 'contact',
      sourcePath: '/contact',
      ...fields,
    }),
  })
  if (res.status !== 201) throw new Error(`the e2e server refused a lead: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { id: string }).id
}

/** Every kind of confirmation page, each with a fresh lead and link. */
export async function officePages(): Promise<OfficePage[]> {
  const held = await postLead({ website: 'filled by autofill' })
  const delivered = await postLead({})
  const pressed = await postLead({})
  const db = new Database(E2E_DATABASE_PATH, { fileMustExist: true, timeout: 5000 })
  try {
    const key = officeLinkKey(db)
    const soon = new Date(Date.now() + 60 * 60_000)
    const link = (token: string) => `${OFFICE_CONFIRM_PATH}/${token}`
    return [
      {
        name: 'the "Not spam" confirmation page',
        path: link(makeOfficeToken(key, 'not_spam', held, soon)),
        status: 200,
      },
      {
        name: 'the "This is spam" confirmation page',
        path: link(makeOfficeToken(key, 'spam', delivered, soon)),
        status: 200,
      },
      {
        name: 'the page after "This is spam" was pressed',
        path: link(makeOfficeToken(key, 'spam', pressed, soon)),
        status: 200,
        post: { origin: BASE_URL },
      },
      {
        name: 'an expired office link',
        path: link(makeOfficeToken(key, 'not_spam', held, new Date(Date.now() - 60_000))),
        status: 410,
      },
      { name: 'a tampered office link', path: link('n.not-a-link'), status: 404 },
    ]
  } finally {
    db.close()
  }
}
