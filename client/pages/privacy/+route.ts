import { ROUTES } from '../../../shared/routes'
export default ROUTES.privacy.path
