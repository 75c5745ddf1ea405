/**
 * The campaign of the page being rendered, for its lead forms' hidden source fields
 * (docs/attribution.md): a landing page's own query (utm_*, ad click ids) and the landing
 * page itself, read from the URL on the server. Undefined when the URL has no campaign: such
 * pages are the same for everyone and are cached (server/http/ssr.ts).
 */
import { usePageContext } from 'vike-react/usePageContext'
import { hasCampaign, touchOf, type Touch } from '../../../shared/attribution'

export function useLandingTouch(): Touch | undefined {
  const { urlOriginal } = usePageContext()
  const touch = touchOf(new URL(urlOriginal, 'http://localhost'))
  return hasCampaign(touch) ? touch : undefined
}
