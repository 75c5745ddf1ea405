/**
 * Imported first by the form code: zod v4 probes `new Function('')` when a schema is built,
 * which our CSP (script-src 'self', no 'unsafe-eval') reports as a violation even though
 * zod catches it. jitless skips the probe; forms validate a handful of fields, so the JIT
 * fast path buys nothing here. Must run before shared/enquiry builds its schemas.
 */
import { config } from 'zod'

config({ jitless: true })
