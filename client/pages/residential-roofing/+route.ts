import { ROUTES } from '../../../shared/routes'
export default ROUTES.residentialRoofing.path
