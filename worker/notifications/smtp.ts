// The SMTP settings live in core/platform/mail/, so that site-admin reads them as the worker does.
export * from '../../core/platform/mail/smtp'
