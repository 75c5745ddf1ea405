// The text cleaning of e-mails lives in core/platform/mail/, shared by every e-mail the worker or site-admin sends.
export * from '../../core/platform/mail/text'
