// The mailer lives in core/mail/, so that site-admin sends through the same code as the worker.
export * from '../../core/mail/mailer'
