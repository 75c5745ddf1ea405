const WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
]

/** A count as the copy writes it in a sentence: 'eight' for 8; figures from 13 on. */
export function countInWords(count: number): string {
  return WORDS[count] ?? String(count)
}
