import { ROUTES } from '../../../shared/routes'
export default ROUTES.about.path
