import { ROUTES } from '../../../shared/routes'
export default ROUTES.sitemap.path
