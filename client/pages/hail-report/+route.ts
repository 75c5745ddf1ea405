import { ROUTES } from '../../../shared/routes'
export default ROUTES.hailReport.path
