// https://vike.dev/title – one title per page from the route table (docs/routes.md). A function of
// pageContext, so vike-react also updates document.title on client-side navigation.
import { pageTitle } from '../components/seo/page-seo'
export default pageTitle
