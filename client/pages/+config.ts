// Site-wide Vike settings: https://vike.dev/config
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // Business facts and the site URL are runtime configuration (server/config.ts).
  passToClient: ['business', 'siteUrl'],
  lang: 'en',
  htmlAttributes: { class: 'no-js' },
} satisfies Config
