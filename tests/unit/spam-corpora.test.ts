/**
 * The spam score measured on the three corpora kept in the tests (docs/spam.md, "Measured"),
 * each entry scored as the web process scores it: the form token its arrival brings, where its
 * address lies, and the text classifier trained on the starter corpus alone (what a new site
 * starts with, before the office labels anything).
 *
 * - People (tests/support/lead-corpus.ts, GENUINE): typing at a person's speed, with autofill
 *   under 3 s, without JavaScript, with mobile numbers of other states, with photo links:
 *   none may be held.
 * - Bots posting straight to the API, or filling the form the instant it appears (SPAM): at
 *   least 95% held.
 * - Scripts that fetch one token and reuse it for link-free pitches from outside the area
 *   (tests/support/script-corpus.ts): at least 80% held.
 *
 * The figures are printed with every entry that decided them, so a change of points shows
 * what it moved.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { trainSpamModel } from '../../core/spam/classifier'
import type { TokenState } from '../../core/spam/evidence'
import { DEFAULT_SPAM_THRESHOLD, isSpam, scoreEnquiry } from '../../core/spam/rules'
import { GENUINE, SPAM, evidenceOf, tokenOnArrival, type CorpusEntry } from '../support/lead-corpus'
import { SCRIPT_RUNS, scriptTokens } from '../support/script-corpus'

const model = trainSpamModel()

interface Scored {
  entry: CorpusEntry
  token: TokenState
  score: number
  quarantined: boolean
  why: string
}

function scored(entry: CorpusEntry, token: TokenState): Scored {
  const verdict = scoreEnquiry(evidenceOf(entry, token, model))
  return {
    entry,
    token,
    score: verdict.score,
    quarantined: isSpam(verdict, DEFAULT_SPAM_THRESHOLD),
    why: verdict.reasons.map((r) => `${r.code} ${r.points}`).join(', '),
  }
}

function line(s: Scored): string {
  return `  ${String(s.score).padStart(2)} ${s.quarantined ? 'held' : 'lead'}  ${s.entry.label}${s.why ? `  (${s.why})` : ''}`
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(1)}%`
}

const people = GENUINE.map((entry) => scored(entry, tokenOnArrival(entry.arrival)))
const bots = SPAM.map((entry) => scored(entry, tokenOnArrival(entry.arrival)))
const scripts = SCRIPT_RUNS.flatMap((run) => {
  const tokens = scriptTokens(run)
  return run.posts.map((entry, i) => scored({ ...entry, label: `${run.label}: ${entry.label}` }, tokens[i]!))
})

// What the corpora give at other thresholds (docs/spam.md, "Tuning"), printed after the tests.
afterAll(() => {
  const countQuarantinedAt = (list: Scored[], threshold: number) =>
    list.filter((s) => s.score >= threshold).length
  const rows = [3, 4, 5, 6, 7, 8].map((t) => {
    const people = (['form', 'autofill', 'no-js'] as const)
      .map((arrival) => countQuarantinedAt(peopleBy(arrival), t))
      .join(', ')
    return `  ${t}  people held (typing, autofill, no JavaScript): ${people}; bots ${countQuarantinedAt(bots, t)} of ${bots.length}; scripts ${countQuarantinedAt(scripts, t)} of ${scripts.length}`
  })
  console.log(`at other thresholds:\n${rows.join('\n')}`)
})

function peopleBy(arrival: CorpusEntry['arrival']): Scored[] {
  return people.filter((s) => s.entry.arrival === arrival)
}

describe('measured on the corpora', () => {
  test('people: none held (typing, autofill under 3 s, no JavaScript, other states’ mobiles, photo links)', () => {
    const quarantined = people.filter((s) => s.quarantined)
    const byArrival = (['form', 'autofill', 'no-js'] as const).map(
      (arrival) => `${people.filter((s) => s.entry.arrival === arrival).length} ${arrival}`,
    )
    console.log(
      `people: ${quarantined.length} of ${people.length} held (${byArrival.join(', ')}); highest score ${Math.max(...people.map((s) => s.score))}\n` +
        people
          .filter((s) => s.score > 1)
          .sort((a, b) => b.score - a.score)
          .map(line)
          .join('\n'),
    )
    expect(people.filter((s) => s.entry.arrival === 'autofill').length).toBeGreaterThanOrEqual(8)
    expect(people.filter((s) => s.entry.arrival === 'no-js').length).toBeGreaterThanOrEqual(6)
    expect(quarantined.map(line)).toEqual([])
  })

  test('bots posting directly or filling the form at once: at least 95% held', () => {
    const quarantined = bots.filter((s) => s.quarantined)
    const direct = bots.filter((s) => s.entry.arrival === 'direct-post')
    console.log(
      `bots: ${quarantined.length} of ${bots.length} held (${percent(quarantined.length, bots.length)}); direct posts ${direct.filter((s) => s.quarantined).length} of ${direct.length} (${percent(direct.filter((s) => s.quarantined).length, direct.length)})\n` +
        bots
          .filter((s) => !s.quarantined)
          .map(line)
          .join('\n'),
    )
    expect(quarantined.length / bots.length).toBeGreaterThanOrEqual(0.95)
    // The misses are the ones the corpus says slip through, and no others.
    expect(
      bots
        .filter((s) => !s.quarantined)
        .map((s) => s.entry.label)
        .sort(),
    ).toEqual(
      SPAM.filter((entry) => entry.label.includes('slips through'))
        .map((entry) => entry.label)
        .sort(),
    )
    expect(direct.filter((s) => s.quarantined).length / direct.length).toBeGreaterThanOrEqual(0.95)
  })

  test('scripts reusing one fetched token for link-free pitches from outside the area: at least 80% held', () => {
    const quarantined = scripts.filter((s) => s.quarantined)
    console.log(
      `scripts: ${quarantined.length} of ${scripts.length} held (${percent(quarantined.length, scripts.length)})\n` +
        scripts.map(line).join('\n'),
    )
    expect(scripts.length).toBeGreaterThanOrEqual(30)
    expect(quarantined.length / scripts.length).toBeGreaterThanOrEqual(0.8)
  })
})
