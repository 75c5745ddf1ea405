// The e-mails' inline styles live in core/platform/mail/, shared with the e-mails site-admin sends.
export * from '../../../core/platform/mail/styles'
