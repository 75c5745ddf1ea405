import { ROUTES } from '../../../shared/routes'
export default ROUTES.roofReplacement.path
