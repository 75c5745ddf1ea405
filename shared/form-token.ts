/**
 * The form token's names, shared by the browser and the server without zod (the script layer
 * fetches the token before the form's island loads; docs/spam.md).
 */

/** The body field that carries the form token back (core/spam/form-token.ts). */
export const FORM_TOKEN_FIELD = 'form_token'
/** Where a form fetches its signed token when it is shown (GET). */
export const FORM_TOKEN_ENDPOINT = '/api/form-token'
