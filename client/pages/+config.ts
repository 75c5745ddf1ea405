// Site-wide Vike settings: https://vike.dev/config
import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

export default {
  extends: [vikeReact],
  // Business facts and the site URL are runtime configuration (server/core/config.ts).
  // enquiryForm: a refused plain form post's values and messages, so the page hydrates as rendered.
  passToClient: ['business', 'siteUrl', 'enquiryForm'],
  lang: 'en',
  htmlAttributes: { class: 'no-js' },
} satisfies Config
