// The outcome of one attempt lives in core/mail/ beside the mailer that returns it.
export * from '../../core/mail/outcome'
