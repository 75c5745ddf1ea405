/**
 * One home per fact: the numbers and durations shown to visitors live in FACTS
 * (shared/business.ts) and the pages and content records import them. This test reads every
 * source file under client/ and shared/ (comments left out) and fails when one of those facts is
 * typed in by hand, so changing a fact stays a one-line change (docs/content.md).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { FACTS, HOURS_DISPLAY, RATING } from '../../shared/business'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SCANNED_DIRS = ['client', 'shared']
const SOURCE_FILE = /\.(ts|tsx|js|mjs)$/
/** The facts' own home. */
const FACTS_MODULE = 'shared/business.ts'

/** How each fact reads in the copy. Several facts share a text ('24 hours'); it is listed once. */
const FACT_TEXTS = [
  ...new Set([
    FACTS.inspectionWindow,
    `${FACTS.stormPriorityHours} hours`,
    `${FACTS.emergencyTarpHours} hours`,
    `${FACTS.hailReportDeliveryHours} hours`,
    `${FACTS.callbackHours} hours`,
    `${FACTS.cancellationNoticeHours} hours`,
    `${FACTS.stormHistoryYears} years`,
    FACTS.claimFilingLimit,
    FACTS.claimProcessing,
    FACTS.installDaysServices,
    FACTS.installDaysFaq,
    FACTS.costRange,
    ...FACTS.costRange.split(' to '),
    FACTS.homeValueAdd,
    `${FACTS.repairAgeYears} years`,
    `${FACTS.repairCostThresholdPercent}%`,
    `${FACTS.inspectAgeYears} years`,
    `${FACTS.shingleWarrantyYears} years`,
    FACTS.manufacturerWarrantyFaq,
    `${FACTS.premiumReductionPercent}%`,
    `${FACTS.coloradoHailStormsPerYear} hail storms`,
    `${FACTS.communitiesServed} communities`,
    FACTS.stormSeasons,
    `${FACTS.enquiryRetentionMonths} months`,
    `${FACTS.privacyAnswerDays} days`,
    `${FACTS.estimateValidDays} days`,
    `${RATING.count} reviews`,
    HOURS_DISPLAY,
  ]),
]

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A fact's text as a pattern: any case, "24 hours" also as "24-hour", "25-30 years" also as "25-30 year". */
function patternFor(text: string): RegExp {
  const body = escapeRegExp(text).replace(
    /(\d) (hour|day|week|month|year)s\b/g,
    (_, digit: string, unit: string) => `${digit}[ -]${unit}s?`,
  )
  // Not part of a longer number: '5 years' must not match inside '15 years'.
  return new RegExp(`(?<![\\w$.,-])${body}(?![\\w%])`, 'i')
}

/** The file's code without comments, white space folded, as a visitor-facing string would read. */
function codeWithoutComments(file: string, source: string): string {
  const { outputText } = ts.transpileModule(source, {
    // A declaration file holds types only; transpiled as plain TypeScript it yields no code.
    fileName: file.replace(/\.d\.ts$/, '.ts'),
    compilerOptions: {
      removeComments: true,
      jsx: ts.JsxEmit.Preserve,
      target: ts.ScriptTarget.ESNext,
      module: ts.ModuleKind.ESNext,
    },
  })
  return outputText.replace(/\s+/g, ' ')
}

function findHandTypedFacts(file: string, source: string): string[] {
  const code = codeWithoutComments(file, source)
  return FACT_TEXTS.filter((text) => patternFor(text).test(code))
}

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE_FILE.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((f) => f !== FACTS_MODULE)
    .sort()
}

describe('facts shown to visitors', () => {
  it('finds a fact typed by hand, in code or in JSX text, and not one in a comment or from FACTS', () => {
    expect(findHandTypedFacts('a.tsx', '<p>We inspect within 24-48\n  hours.</p>')).toEqual(['24-48 hours'])
    expect(findHandTypedFacts('a.ts', "const t = 'Shingle warranties: 25-30 year'")).toEqual(['25-30 years'])
    expect(findHandTypedFacts('a.ts', "const t = 'a 24-hour notice'")).toEqual(['24 hours'])
    expect(findHandTypedFacts('a.ts', "const t = 'Up to 28% off'")).toEqual(['28%'])
    expect(findHandTypedFacts('a.ts', "const t = 'roofs over 15 years old'")).toEqual(['15 years'])
    expect(findHandTypedFacts('a.tsx', '// within 24-48 hours\n/** 72 hours */ const x = 1')).toEqual([])
    expect(findHandTypedFacts('a.ts', 'const t = `within ${FACTS.inspectionWindow}`')).toEqual([])
  })

  it('are never typed by hand under client/ or shared/: they come from FACTS', () => {
    const files = SCANNED_DIRS.flatMap(sourceFiles)
    expect(files.length).toBeGreaterThan(50)
    const found = files.flatMap((file) =>
      findHandTypedFacts(file, readFileSync(path.join(ROOT, file), 'utf8')).map(
        (text) => `${file}: "${text}"`,
      ),
    )
    expect(found, 'use the value from FACTS in shared/business.ts instead').toEqual([])
  })
})
