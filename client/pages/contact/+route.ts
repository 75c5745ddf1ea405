import { ROUTES } from '../../../shared/routes'
export default ROUTES.contact.path
