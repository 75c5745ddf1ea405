import { ROUTES } from '../../../shared/routes'
export default ROUTES.faqs.path
