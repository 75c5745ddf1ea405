import { usePageContext } from 'vike-react/usePageContext'
import { localParts } from '../../shared/business-time'

/**
 * Today in Denver, the day the page is rendered for: the page cache keeps a page for that day
 * and the files Caddy serves carry it (server/http/ssr.ts passes it, from the web process's
 * clock, which tests set). A render without it (a form post's page, an office link's page)
 * reads the clock itself.
 */
export function useToday(): { year: number; month: number; day: number } {
  const { today } = usePageContext()
  if (today) {
    const [year, month, day] = today.split('-').map(Number) as [number, number, number]
    return { year, month, day }
  }
  return localParts(new Date())
}
