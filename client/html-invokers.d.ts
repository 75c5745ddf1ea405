// HTML attributes React passes through but its types do not list yet: invoker commands
// (https://developer.mozilla.org/docs/Web/HTML/Reference/Elements/button#command) and the
// dialog's closedby (https://developer.mozilla.org/docs/Web/HTML/Reference/Elements/dialog#closedby).
import 'react'

// Merged declarations must repeat React's type parameter, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    /** The id of the element the command acts on. */
    commandfor?: string
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover'
  }
  interface DialogHTMLAttributes<T> {
    closedby?: 'any' | 'closerequest' | 'none'
  }
}
