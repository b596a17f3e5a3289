import type { Span, Unit } from './Span'

export type Splitter = (text: string, start: number, end: number) => Span[]

/**
 * The most tokens in one group of words when a sentence or line has to be cut between words. Small,
 * so pieces fill up close to the budget; not one word per unit, because the token estimate rounds up
 * per measured piece and would make word-by-word pieces a third smaller than intended.
 */
const WORD_GROUP_TOKENS = 16

/**
 * Measures `spans` and splits any over `budget` tokens with the next splitter in `splitters` (lines,
 * then sentences, say), then between words, and finally inside a word (a base64 blob or a URL that a
 * real tokenizer cuts into hundreds of pieces). Every returned unit is within `budget`, unless a
 * single character is over it.
 */
export function toUnits(
  text: string,
  spans: Span[],
  splitters: readonly Splitter[],
  budget: number,
  countTokens: (text: string) => number,
): Unit[] {
  const units: Unit[] = []
  const visit = (span: Span, level: number): void => {
    const tokens = countTokens(text.slice(span.start, span.end))
    if (tokens === 0 && units.length > 0) {
      // Whitespace only: give it to the previous unit so slices stay contiguous.
      units[units.length - 1]!.end = span.end
      return
    }
    if (tokens <= budget) {
      units.push({ ...span, tokens })
      return
    }
    const splitter = splitters[level]
    const parts = splitter ? splitter(text, span.start, span.end) : []
    if (parts.length > 1) {
      for (const part of parts) visit(part, level + 1)
    } else if (splitter) {
      visit(span, level + 1)
    } else {
      units.push(...splitWords(text, span, budget, countTokens))
    }
  }
  for (const span of spans) visit(span, 0)
  return units
}

/** Groups of whole words of at most min(budget, WORD_GROUP_TOKENS) tokens; cuts a word only if it alone is over budget. */
function splitWords(text: string, span: Span, budget: number, countTokens: (text: string) => number): Unit[] {
  const limit = Math.min(budget, WORD_GROUP_TOKENS)
  const words: Span[] = []
  const pattern = /\S+\s*|\s+/gu
  pattern.lastIndex = span.start
  for (let match = pattern.exec(text); match && match.index < span.end; match = pattern.exec(text)) {
    words.push({ start: match.index, end: Math.min(match.index + match[0].length, span.end) })
  }
  const units: Unit[] = []
  let group: Unit | null = null
  for (const word of words) {
    if (group) {
      const tokens = countTokens(text.slice(group.start, word.end))
      if (tokens <= limit) {
        group.end = word.end
        group.tokens = tokens
        continue
      }
      units.push(group)
      group = null
    }
    const tokens = countTokens(text.slice(word.start, word.end))
    if (tokens <= budget) group = { ...word, tokens }
    else units.push(...cutWord(text, word, budget, countTokens))
  }
  if (group) units.push(group)
  return units
}

/** Cuts one over-long word into character runs, shrinking each run until it fits the budget. */
function cutWord(text: string, span: Span, budget: number, countTokens: (text: string) => number): Unit[] {
  const units: Unit[] = []
  let start = span.start
  while (start < span.end) {
    let end = span.end
    let tokens = countTokens(text.slice(start, end))
    while (tokens > budget && end - start > 1) {
      end = start + Math.max(1, Math.floor(((end - start) * budget) / tokens))
      // Never cut between the halves of a surrogate pair.
      const code = text.charCodeAt(end)
      if (code >= 0xdc00 && code <= 0xdfff && end - start > 1) end--
      tokens = countTokens(text.slice(start, end))
    }
    units.push({ start, end, tokens })
    start = end
  }
  return units
}
