import { usePageContext } from 'vike-react/usePageContext'
import type { BusinessConfig } from '../../shared/business'

/** The configured business facts (name, owner, phone, e-mail, booking page). */
export function useBusiness(): BusinessConfig {
  return usePageContext().globalContext.business
}
