/**
 * The size limits in eslint.config.js, run through ESLint's own API: no function over 120
 * lines anywhere (blank lines and comments not counted), no file in client/ over 200 lines.
 */
import { ESLint } from 'eslint'
import { beforeAll, expect, test } from 'vitest'

let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint()
})

async function ruleIds(filePath: string, source: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(source, { filePath })
  return result?.messages.map((m) => m.ruleId) ?? ['no result']
}

/** A function whose body has `statements` lines of code, each followed by a blank line and a comment. */
function functionOf(statements: number): string {
  const body = Array.from({ length: statements }, (_, i) => `  total += ${i}\n\n  // step ${i}\n`).join('')
  return `export function sum(): number {\n  let total = 0\n${body}  return total\n}\n`
}

/** `lines` lines in all, the last ending with a newline. */
const fileOf = (lines: number) =>
  Array.from({ length: lines }, (_, i) => `export const n${i} = ${i}\n`).join('')

test('a function of 120 lines passes, one of 121 is refused, anywhere in the tree', async () => {
  // sum() has its own first and last line, `let` and `return`: 116 statements make 120 lines.
  expect(await ruleIds('worker/example.ts', functionOf(116))).toEqual([])
  expect(await ruleIds('worker/example.ts', functionOf(117))).toEqual(['max-lines-per-function'])
  expect(await ruleIds('tests/unit/example.test.ts', functionOf(117))).toEqual(['max-lines-per-function'])
  expect(await ruleIds('client/components/Example.tsx', functionOf(117))).toContain('max-lines-per-function')
})

test('a file in client/ may have 200 lines, not 201; elsewhere files may be longer', async () => {
  expect(await ruleIds('client/components/Example.tsx', fileOf(200))).toEqual([])
  expect(await ruleIds('client/components/Example.tsx', fileOf(201))).toEqual(['max-lines'])
  expect(await ruleIds('server/example.ts', fileOf(260))).toEqual([])
})
