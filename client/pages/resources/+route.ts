import { ROUTES } from '../../../shared/routes'
export default ROUTES.resources.path
