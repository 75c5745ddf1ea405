/**
 * Sends one test notification through every configured channel (dist/node/notify-test.mjs;
 * `npm run notify:test` in a checkout) and exits 1 when any configured channel failed, or
 * when none is configured. Each file in bin/ is one program: the build bundles it into
 * dist/node/<its name>.mjs.
 */
import { sendTestNotifications } from '../worker/notify-test'

sendTestNotifications().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err)
    process.exit(1)
  },
)
