/**
 * The record of each form token issued (table form_tokens, migration 007; the token itself:
 * form-token.ts), and the key that signs the tokens. An enquiry uses its token with one UPDATE
 * that sets used_at only where it is still NULL, so of two enquiries sending the same token,
 * however close together and in whichever web process, exactly one finds it unused.
 */
import type { Db } from '../platform/db/connection'
import { prepare } from '../platform/db/prepare'
import { siteSecret } from '../platform/db/site-secrets'

/**
 * The form token's key (site_secrets 'form-token'): made once per database, so every web
 * process and restart shares it. Read once per process, at start-up: it may write.
 */
export function formTokenSecret(db: Db): string {
  return siteSecret(db, 'form-token')
}

/**
 * How a token was used: `first`, the first enquiry to send it; `again`, another enquiry sent it
 * before (a person sends a form once, a script reuses the one token it fetched); `unrecorded`,
 * signed with the site's key but never recorded as issued (a database restored from a backup
 * taken before it was issued).
 */
export type TokenUse = 'first' | 'again' | 'unrecorded'

/** Records a token as issued, and deletes the records of tokens issued before `purgeBefore`. */
export function recordFormToken(
  db: Db,
  token: { id: string; issuedAt: Date; pageFetch: boolean },
  purgeBefore: Date,
): void {
  db.transaction(() => {
    prepare(db, 'DELETE FROM form_tokens WHERE issued_at_ms < ?').run(purgeBefore.getTime())
    prepare(db, 'INSERT INTO form_tokens (id, issued_at_ms, page_fetch) VALUES (?, ?, ?)').run(
      token.id,
      token.issuedAt.getTime(),
      token.pageFetch ? 1 : 0,
    )
  }).immediate()
}

/**
 * Uses the token: `first` when no enquiry used it before (it is now marked used), `again` when
 * one did, `unrecorded` when there is no record of it; with whether a page asked for it.
 */
export function useFormToken(db: Db, id: string, at: Date): { use: TokenUse; fromPage: boolean } {
  return db
    .transaction(() => {
      const first =
        prepare(db, 'UPDATE form_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL').run(
          at.toISOString(),
          id,
        ).changes === 1
      const row = prepare(db, 'SELECT page_fetch FROM form_tokens WHERE id = ?').get(id) as
        { page_fetch: number } | undefined
      if (!row) return { use: 'unrecorded' as const, fromPage: true }
      return { use: first ? ('first' as const) : ('again' as const), fromPage: row.page_fetch === 1 }
    })
    .immediate()
}

/**
 * Gives a token back when the enquiry that used it could not be stored: the person's next try
 * sends the same token, and must not count as a second use.
 */
export function releaseFormToken(db: Db, id: string): void {
  prepare(db, 'UPDATE form_tokens SET used_at = NULL WHERE id = ?').run(id)
}
