/** Third-party media hosts. The CSP's frame-src (server/http/security.ts) allows exactly these. */
export const VIDEO_EMBED_ORIGIN = 'https://www.youtube-nocookie.com'
/** The owner's explainer video shown on the home page and the city pages (placeholder id). */
export const EXPLAINER_VIDEO_ID = 'hail-roof-explainer'
export const EXPLAINER_VIDEO_TITLE = 'How a hail damage roof claim works'
