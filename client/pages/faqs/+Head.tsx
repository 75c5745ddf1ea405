// https://vike.dev/Head – adds the FAQPage block for the 12 questions shown on /faqs
// from the same records the page renders.
import { usePageContext } from 'vike-react/usePageContext'
import { JsonLd } from '../../components/seo/JsonLd'
import { FAQS } from '../../../shared/content/faqs'
import { ROUTES } from '../../../shared/routes'
import { absoluteUrl, buildFaqPage } from '../../../shared/seo/json-ld'

export default function Head() {
  const { siteUrl } = usePageContext().globalContext
  return <JsonLd data={buildFaqPage(FAQS, absoluteUrl(siteUrl, ROUTES.faqs.path))} />
}
