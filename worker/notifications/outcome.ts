// The outcome of one attempt lives in core/platform/mail/ beside the mailer that returns it.
export * from '../../core/platform/mail/outcome'
