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

declare module 'wink-nlp-utils' {
  const nlp: {
    string: {
      lowerCase(text: string): string
      tokenize0(text: string): string[]
    }
    tokens: {
      removeWords(tokens: string[]): string[]
      stem(tokens: string[]): string[]
    }
  }
  export default nlp
}
