import { ROUTES } from '../../../shared/routes'
export default ROUTES.home.path
