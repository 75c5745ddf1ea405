import { ROUTES } from '../../../shared/routes'
export default ROUTES.serviceAreas.path
