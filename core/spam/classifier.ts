/**
 * A naive Bayes text classifier (wink-naive-bayes-text-classifier) that reads a lead's names
 * and message (core/spam/text.ts) and says how likely it is a sales pitch rather than a
 * homeowner asking for help. It starts from the starter corpus in the repository
 * (core/spam/starter-corpus.ts) and learns from every lead the office labels
 * (core/spam/learning.ts).
 *
 * Its answer is evidence, not a verdict: the score (core/spam/rules.ts) turns the
 * probability into at most a few points, shown in the reasons, so the rules and the threshold
 * still decide. The classifier runs here, outside the pure score, and its probability is handed
 * in like the form token's state.
 *
 * Several processes share the SQLite file: each keeps its own trained model together with the
 * counter of spam_examples it was trained at (spam_model.version), reads the counter (one
 * indexed row) before each enquiry, and trains again when another process or site-admin has
 * changed the examples. Training on a few hundred short texts takes milliseconds.
 */
import createClassifier from 'wink-naive-bayes-text-classifier'
// The four text utilities, each from its own file: the package's index also loads wink-nlp and
// its English model for string.tokenize, some 45 MB of memory in every process that scores a
// lead (docs/performance.md, "Memory"). These four load none of it.
import lowerCase from 'wink-nlp-utils/src/string-lower-case.js'
import tokenize0 from 'wink-nlp-utils/src/string-tokenize0.js'
import removeWords from 'wink-nlp-utils/src/tokens-remove-words.js'
import stem from 'wink-nlp-utils/src/tokens-stem.js'
import type { Db } from '../platform/db/connection'
import { readSpamExamples, spamModelVersion, type SpamExample } from './learning'
import { STARTER_HOMEOWNER, STARTER_PITCHES } from './starter-corpus'
import { classifierText, type ClassifiedFields } from './text'

/** Words only: numbers (phone numbers, prices, ZIP codes) say nothing about the kind of text. */
const WORD = /\p{L}/u

/** Lower case, words split off punctuation, common words dropped, the rest stemmed. */
function prepare(text: string): string[] {
  const words = tokenize0(lowerCase(text)).filter((token) => WORD.test(token))
  return stem(removeWords(words))
}

/** The starter corpus as labelled examples. */
const STARTER_EXAMPLES: readonly SpamExample[] = [
  ...STARTER_PITCHES.map((text) => ({ label: 'spam' as const, text })),
  ...STARTER_HOMEOWNER.map((text) => ({ label: 'not_spam' as const, text })),
]

/** A trained model: the probability that a text is spam, or null when it knows none of its words. */
export type SpamModel = (text: string) => number | null

/**
 * Trains a model on the starter corpus and the given examples. Counting only whether a word
 * occurs (not how often) keeps a long message from weighing more than a short one.
 */
export function trainSpamModel(examples: readonly SpamExample[] = []): SpamModel {
  const classifier = createClassifier()
  classifier.definePrepTasks([prepare])
  classifier.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 })
  for (const example of [...STARTER_EXAMPLES, ...examples]) classifier.learn(example.text, example.label)
  classifier.consolidate()
  return (text) => {
    if (prepare(text).length === 0) return null
    const odds = classifier.computeOdds(text)
    const spam = odds.find(([label]) => label === 'spam')
    if (!spam) return null
    // computeOdds gives log2(P(spam | words) / P(not spam | words)).
    return 1 / (1 + 2 ** -spam[1])
  }
}

export interface SpamClassifier {
  /** The probability that the lead's names and message are spam; null when it cannot tell. */
  spamProbability(fields: ClassifiedFields): number | null
}

/** The classifier of one process: trained on the starter corpus and the office's examples in `db`. */
export function createSpamClassifier(db: Db): SpamClassifier {
  let trained: { version: number; model: SpamModel } | undefined
  const model = (): SpamModel => {
    if (!trained || trained.version !== spamModelVersion(db)) {
      const { version, examples } = readSpamExamples(db)
      trained = { version, model: trainSpamModel(examples) }
    }
    return trained.model
  }
  return { spamProbability: (fields) => model()(classifierText(fields)) }
}
