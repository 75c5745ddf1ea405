// https://vike.dev/title – one title per page from the route table (docs/routes.md).
import { pageTitle } from '../components/seo/page-seo'
export default pageTitle
