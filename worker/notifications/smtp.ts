// The SMTP settings live in core/mail/, so that site-admin reads them as the worker does.
export * from '../../core/mail/smtp'
