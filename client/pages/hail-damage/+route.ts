import { ROUTES } from '../../../shared/routes'
export default ROUTES.hailDamage.path
