/** The parts of wink's naive Bayes classifier and text utilities (no types of their own) the spam classifier uses. */
declare module 'wink-naive-bayes-text-classifier' {
  interface NaiveBayesTextClassifier {
    definePrepTasks(tasks: ((input: string) => string[])[]): number
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean
    learn(input: string, label: string): boolean
    consolidate(): boolean
    /** log2 of the odds of each label, highest first; [['unknown', 0]] when no word was ever seen. */
    computeOdds(input: string): [string, number][]
    stats(): { labelWiseSamples: Record<string, number>; vocabulary: number }
  }
  const create: () => NaiveBayesTextClassifier
  export default create
}

// wink-nlp-utils' own files for the four utilities the classifier uses (core/spam/classifier.ts).
declare module 'wink-nlp-utils/src/string-lower-case.js' {
  const lowerCase: (text: string) => string
  export default lowerCase
}
declare module 'wink-nlp-utils/src/string-tokenize0.js' {
  const tokenize0: (text: string) => string[]
  export default tokenize0
}
declare module 'wink-nlp-utils/src/tokens-remove-words.js' {
  const removeWords: (tokens: string[]) => string[]
  export default removeWords
}
declare module 'wink-nlp-utils/src/tokens-stem.js' {
  const stem: (tokens: string[]) => string[]
  export default stem
}
