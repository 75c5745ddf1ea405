import { ROUTES } from '../../../shared/routes'
export default ROUTES.roofInspection.path
