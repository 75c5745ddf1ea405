// The office links' confirmation page (docs/spam.md, "The office's links"). The server's own
// router (server/office/office-router.ts) renders it for /office/confirm/<token> with what the
// link found; it is not in the route table, so it is in no sitemap or navigation.
export default '/office/confirm'
