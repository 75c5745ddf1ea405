import { ROUTES } from '../../../shared/routes'
export default ROUTES.roofRepair.path
