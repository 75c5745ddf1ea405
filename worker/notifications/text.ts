// The text cleaning of e-mails lives in core/mail/, shared by every e-mail the worker or site-admin sends.
export * from '../../core/mail/text'
