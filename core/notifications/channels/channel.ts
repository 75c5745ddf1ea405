/**
 * What a notification channel is: one module per channel (this folder), collected in one list
 * (index.ts). A module says, for its channel: its id (stored on each notification), how
 * site-admin shows it, whom it reaches, its own environment variables and the rules between
 * them, whether it applies to a lead, how the worker's start-up log describes it, and its
 * send. Nothing else in the code names a channel: the worker plans, sends and registers
 * whatever the list holds, and site-admin and /readyz read what it registered.
 */
import type { z } from 'zod'
import type { BusinessConfig } from '../../../shared/business'
import type { EnvOf, Problem } from '../../platform/config/helpers'
import type { Lead } from '../../leads'
import type { ChannelAudience, ChannelPlan, RegisteredChannel } from '../notification-store'
import type { LeadView } from '../lead-view'
import type { Mailer } from '../../platform/mail/mailer'
import type { Outcome } from '../../platform/mail/outcome'
import type { SmtpSettings } from '../../platform/mail/smtp'
import type { LeadReports } from '../../storms'
import type { OfficeLinks } from '../../spam'
import type { ConsentAsking } from '../../storm-response'

/** What the worker's channels share: the SMTP connection, when there is one. */
interface SharedChannelSettings {
  smtp?: SmtpSettings
}

/** What a channel's rules may ask of the rest: whether SMTP_URL is set. */
interface SharedChannelVariables {
  smtpUrlSet: boolean
}

/** What a send may use besides its channel's settings. */
export interface SendContext {
  /** The pooled SMTP connection, when SMTP_URL is set. */
  mailer?: Mailer
  business: BusinessConfig
  /** Longest one attempt may take (NOTIFY_SEND_TIMEOUT_MS). */
  sendTimeoutMs: number
  /** `npm run notify:test`: a test notification, marked as such, for the office only. */
  test?: boolean
  /** The weather reports of hail report leads (core/storms/make-lead-report.ts). */
  reports?: LeadReports
  /** The office's links (core/spam/office-links.ts): the office e-mail's "This is spam". */
  officeLinks?: OfficeLinks
  /** The "Confirm storm alerts" links and e-mail (core/storm-response/consent.ts). */
  stormAlerts?: ConsentAsking
  /** The office e-mail's mark links ("Booked by phone" …, core/bookings/links.ts), handed in by the worker. */
  markLinks?: (leadId: string) => { label: string; url: string }[]
}

/**
 * What a send came to: the provider's outcome, or nothing to send after all (a channel that
 * finds at send time that its message is not needed; recorded as skipped, with why).
 */
export type SendOutcome = Outcome | { kind: 'skipped'; reason: string }

/** One channel's module: everything the channel is. */
export interface ChannelDefinition<Shape extends z.ZodRawShape, Settings> {
  /** Stored on its notifications: lowercase words joined by `_`. */
  id: string
  /** site-admin's heading and label: 'e-mail to office'; the id when left out. */
  label?: string
  /** The CSV export's column: 'email_to_office'; the id when left out. */
  exportColumn?: string
  audience: ChannelAudience
  /** The variable that turns it on, named when no channel reaches the contractor. */
  enabledBy: string
  /** What to set for it, in notify-test's message when nothing is configured. */
  setUp: string
  /** Its own environment variables, parsed with the worker's schema (worker/config.ts). */
  env: Shape
  /** The rules between its variables (and the SMTP connection it needs). */
  check?(env: EnvOf<Shape>, shared: SharedChannelVariables, problem: Problem): void
  /** Its settings once the rules passed; undefined: the channel is off. */
  configure(env: EnvOf<Shape>, shared: SharedChannelSettings): Settings | undefined
  /** Whether it applies to this lead now: try it, or skip it with why (the channel may be off). */
  plan(lead: Lead, settings: Settings | undefined, now: Date): Omit<ChannelPlan, 'channel'>
  /** One line for the worker's start-up log: on (and where to) or off (and why). */
  describe(settings: Settings | undefined): string
  /** Where a test notification goes, for notify-test's line: 'webhook to https://hooks.example.com'. */
  describeTest(settings: Settings, lead: LeadView): string
  send(lead: LeadView, settings: Settings, ctx: SendContext): Promise<SendOutcome>
}

/** A channel with its settings of this process. */
export interface ConfiguredChannel extends RegisteredChannel {
  enabledBy: string
  setUp: string
  isOn: boolean
  plan(lead: Lead, now: Date): ChannelPlan
  describe(): string
  /** Undefined while the channel is off. */
  describeTest(lead: LeadView): string | undefined
  /** A channel turned off since the lead was planned fails for good: retrying cannot help. */
  send(lead: LeadView, ctx: SendContext): Promise<SendOutcome>
}

export interface Channel extends RegisteredChannel {
  env: z.ZodRawShape
  check(env: Record<string, unknown>, shared: SharedChannelVariables, problem: Problem): void
  configure(env: Record<string, unknown>, shared: SharedChannelSettings): ConfiguredChannel
}

/** A channel module's export: its definition, with its settings' type kept inside. */
export function defineChannel<Shape extends z.ZodRawShape, Settings>(
  def: ChannelDefinition<Shape, Settings>,
): Channel {
  const registered: RegisteredChannel = {
    id: def.id,
    label: def.label ?? def.id,
    exportColumn: def.exportColumn ?? def.id,
    audience: def.audience,
  }
  return {
    ...registered,
    env: def.env,
    check: (env, shared, problem) => def.check?.(env as EnvOf<Shape>, shared, problem),
    configure(env, shared) {
      const settings = def.configure(env as EnvOf<Shape>, shared)
      return {
        ...registered,
        enabledBy: def.enabledBy,
        setUp: def.setUp,
        isOn: settings !== undefined,
        plan: (lead, now) => ({ channel: def.id, ...def.plan(lead, settings, now) }),
        describe: () => def.describe(settings),
        describeTest: (lead) => (settings === undefined ? undefined : def.describeTest(settings, lead)),
        send: async (lead, ctx) =>
          settings === undefined
            ? { kind: 'failed', reason: `${def.enabledBy} is no longer configured` }
            : def.send(lead, settings, ctx),
      }
    },
  }
}
