// https://vike.dev/title – the confirmation page says in its title what the link does or did.
import type { PageContext } from 'vike/types'
import { officeLinkTitle } from '../../../shared/office-link-page'

export default (pageContext: PageContext) =>
  `${officeLinkTitle(pageContext.officeLink)} | ${pageContext.globalContext.business.name}`
