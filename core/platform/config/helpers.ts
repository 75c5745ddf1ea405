/**
 * The pieces every process's configuration schema is made of (server/config.ts,
 * worker/config.ts, admin/config.ts): how a variable is read (a flag, a port, a duration …),
 * how a refused configuration is reported, and parsing a schema over the environment. Each
 * process has one schema; a variable that several processes read is defined once, in
 * settings.ts, and a variable one process reads lives with that process.
 */
import { z } from 'zod'

/** A refused configuration: one line per problem, each starting with the variable's name. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Parses the environment with a process's schema; throws ConfigError listing every bad variable. */
export function parseEnv<S extends z.ZodType>(schema: S, source: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(source)
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'} ${issue.message}`),
    )
  }
  return result.data
}

/** Reports a configuration that breaks a rule between variables, naming the variable. */
export type Problem = (variable: string, message: string) => void

/** The variables of a schema's shape as its transform receives them. */
export type EnvOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>

export const nonEmpty = z.string().trim().min(1, 'must not be empty')

/** Unset or blank: undefined. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))

/** true/false, 1/0 or yes/no (any case), or nothing. */
const yesOrNo = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((v) => v === undefined || ['', 'true', 'false', '1', '0', 'yes', 'no'].includes(v), {
    message: 'must be true or false',
  })

/** true/false, 1/0 or yes/no (any case); unset or blank is false. */
export const flag = yesOrNo.transform((v) => v === 'true' || v === '1' || v === 'yes')

/** The same words, but unset or blank is true: a setting that is on unless turned off. */
export const flagOnByDefault = yesOrNo.transform((v) => !(v === 'false' || v === '0' || v === 'no'))

export const port = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(fallback)

/** A whole number of milliseconds from `min` to `max`; `what` says what it times. */
export const wholeMs = (what: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.coerce
    .number({ error: `must be a number of milliseconds (${what})` })
    .int('must be a whole number of milliseconds')
    .min(min, `must be at least ${min} ms`)
    .max(max, `must be at most ${max} ms`)

/** A bound of a number setting, with the message that says why it is there. */
type Bound = readonly [limit: number, message: string]

/**
 * A number of `unit` that is `fallback` when unset. A value that is no number is refused with the
 * default as the example ('must be a number of hours, e.g. 24'), a fraction (when `whole`) and a
 * value past `min` or `max` each with its own message.
 */
function numberOf(unit: string, fallback: number, whole: boolean, min: Bound, max?: Bound) {
  const n = z.coerce.number({ error: `must be a number of ${unit}, e.g. ${fallback}` })
  const atLeast = (whole ? n.int(`must be a whole number of ${unit}`) : n).min(...min)
  return (max ? atLeast.max(...max) : atLeast).default(fallback)
}

/** A number of hours, fractions allowed (0.5 is half an hour). */
export const hours = (fallback: number, min: Bound, max?: Bound) =>
  numberOf('hours', fallback, false, min, max)

/** A whole number of `unit`: days, years, seconds, backups … */
export const wholeNumberOf = (unit: string, fallback: number, min: Bound, max?: Bound) =>
  numberOf(unit, fallback, true, min, max)

export const httpUrl = (what: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), {
      message: `must be an absolute http(s) URL for ${what}, e.g. https://www.example.com`,
    })

const DELAY_UNITS_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const
const DELAY = /^(\d+)\s*([smhd])$/

/**
 * A delay written with its unit, as every delay of the lead's life after the form is
 * (docs/bookings.md): `90s`, `15m`, `2h`, `1d`. Returns milliseconds, or undefined when the
 * text is not one.
 */
export function parseDelay(text: string): number | undefined {
  const m = DELAY.exec(text.trim().toLowerCase())
  return m ? Number(m[1]) * DELAY_UNITS_MS[m[2] as keyof typeof DELAY_UNITS_MS] : undefined
}

/** '15m' for 900000: the shortest way to write a delay in ms with its unit. */
export function formatDelay(ms: number): string {
  const [unit, size] = (Object.entries(DELAY_UNITS_MS) as [string, number][])
    .reverse()
    .find(([, size]) => ms % size === 0) ?? ['s', 1000]
  return `${Math.round(ms / size)}${unit}`
}

/**
 * A delay setting written with a unit (`15m`), between `min` and `max` (in ms), `fallback` when
 * unset. The value stays as written (the documented default is what it says); parseDelay reads
 * it. A number without a unit is refused: `15` could be seconds or minutes.
 */
export const delay = (fallback: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .default(fallback)
    .superRefine((v, ctx) => {
      const ms = parseDelay(v)
      if (ms === undefined)
        ctx.addIssue({
          code: 'custom',
          message: `must be a whole number with its unit, s, m, h or d (e.g. ${fallback}); got "${v}"`,
        })
      else if (ms < min || ms > max)
        ctx.addIssue({
          code: 'custom',
          message: `must be from ${formatDelay(min)} to ${formatDelay(max)}; got "${v}"`,
        })
    })
