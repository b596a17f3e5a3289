// The word-form packages ship no types (wordForms.ts): each is one function, or two, over a word.
declare module 'wink-porter2-stemmer' {
  /** The word's Porter2 (Snowball English) stem. */
  export default function stem(word: string): string
}

declare module 'pluralize' {
  const pluralize: {
    singular(word: string): string
    isPlural(word: string): boolean
  }
  export default pluralize
}
