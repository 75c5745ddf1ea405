import { ROUTES } from '../../../shared/routes'
export default ROUTES.solarDetachReset.path
