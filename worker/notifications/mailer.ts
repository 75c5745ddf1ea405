// The mailer lives in core/platform/mail/, so that site-admin sends through the same code as the worker.
export * from '../../core/platform/mail/mailer'
