import { ROUTES } from '../../../shared/routes'
export default ROUTES.insuranceClaims.path
