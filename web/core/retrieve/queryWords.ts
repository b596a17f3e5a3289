import { tokenize } from './index/tokenize'

/** One word of a message with its place, as written (case kept) and lowercased. */
export interface QueryWord {
  text: string
  lower: string
  start: number
  end: number
  /** Starts with an upper-case letter: a candidate for a name. */
  capitalised: boolean
  /** Starts with a digit ("50" in "Super Bowl 50"). */
  numeric: boolean
  /** Survives the search tokenizer, so it would count in a search. */
  content: boolean
}

// Letters, digits and marks, with inner apostrophes and hyphens ("Huguenot-descended", "it's").
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’-][\p{L}\p{N}\p{M}]+)*/gu

/**
 * The words of a message in order, as `rewriteQuery` and `subjectOf` read them; `start` and `end`
 * index into `text` as given (normalise it first if it may hold full-width or compatibility forms).
 */
export function queryWords(text: string): QueryWord[] {
  const words: QueryWord[] = []
  for (const match of text.matchAll(WORD)) {
    const word = match[0]
    const lower = word.toLowerCase()
    words.push({
      text: word,
      lower,
      start: match.index,
      end: match.index + word.length,
      capitalised: /^[\p{Lu}\p{Lt}]/u.test(word),
      numeric: /^\p{N}/u.test(word),
      content: tokenize(lower).length > 0,
    })
  }
  return words
}
