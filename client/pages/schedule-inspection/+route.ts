import { ROUTES } from '../../../shared/routes'

export default ROUTES.scheduleInspection.path
