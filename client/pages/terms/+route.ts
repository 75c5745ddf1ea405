import { ROUTES } from '../../../shared/routes'
export default ROUTES.terms.path
