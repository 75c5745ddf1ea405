// Site-wide Vike settings: https://vike.dev/config
//
// Every page is HTML-only (https://vike.dev/render-modes): React renders it on the server and
// the browser gets the HTML, the stylesheet and one small script, client/pages/+client.ts (the
// script layer), which needs no React. The lead forms are React islands the script layer
// hydrates when a visitor starts to use one (docs/decisions/010-islands.md).
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // Links are plain navigations (https://vike.dev/server-routing): no client router to load.
  clientRouting: false,
  // No client-side render hook (vike-react's onRenderClient would bring React to every page):
  // +client.ts is the page's only script (https://vike.dev/clientHooks).
  clientHooks: false,
  meta: {
    Page: { env: { server: true, client: false } },
    Layout: { env: { server: true, client: false } },
  },
  lang: 'en',
  // The script layer swaps it for `js` as its first act, so CSS can tell the two apart.
  htmlAttributes: { class: 'no-js' },
} satisfies Config
