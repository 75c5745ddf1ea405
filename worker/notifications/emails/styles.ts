// The e-mails' inline styles live in core/mail/, shared with the e-mails site-admin sends.
export * from '../../../core/mail/styles'
