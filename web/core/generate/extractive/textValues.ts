import type { ItemEntity } from 'wink-nlp'
import { englishReader, knownId, knownWord } from '../../retrieve/englishReader'

/**
 * The kinds of value a sentence can print, as wink-nlp's English model names them (its entity types),
 * and `name`: a run of proper nouns by its part-of-speech tags, the model having no person or place
 * entities.
 */
export type ValueKind = 'date' | 'count' | 'money' | 'percent' | 'duration' | 'measure' | 'name'

export interface TextValues {
  /** The text's tokens, lower case, as the model splits them. */
  words: string[]
  /** Each value printed, with the token span it covers (inclusive). */
  values: Array<{ kind: ValueKind; text: string; from: number; to: number }>
  /** Its nouns and proper nouns, lower case, in order. */
  nouns: string[]
  /**
   * Its nouns the model tags as proper nouns, or does not know at all (not in its English lexicon:
   * "diageo", "dropbox", "qwen2", and also slang and typos: "ppl", "tldr"), lower case.
   */
  names: string[]
  /** Whether any token is a verb or an auxiliary: a line without one is a title, a label or a reference. */
  verb: boolean
  /** Each token's part of speech (Universal POS: NOUN, ADJ, AUX...), in `words` order. */
  tags: string[]
}

const ENTITY_KINDS: Record<string, ValueKind> = {
  DATE: 'date',
  TIME: 'date',
  CARDINAL: 'count',
  MONEY: 'money',
  PERCENT: 'percent',
  DURATION: 'duration',
  ORDINAL: 'count',
  MEASURE: 'measure',
}

/** The same sentence is read once per answer even when several scorers ask (candidates repeat). */
const cache = new Map<string, TextValues>()
const CACHE_SIZE = 4000

/**
 * The values a text prints (dates, counts, amounts, percentages, durations, names) and whether it has a
 * verb, read by a maintained English model (wink-nlp) rather than by lists of words: ~0.3 ms a sentence.
 * English only; in another language the model finds numbers and dates printed in digits, little else.
 */
export function textValues(text: string): TextValues {
  const known = cache.get(text)
  if (known) return known
  const reader = englishReader()
  const its = reader.its
  const doc = reader.readDoc(text)
  const words = doc.tokens().out(its.normal) as string[]
  const tags = doc.tokens().out(its.pos) as string[]
  const values: TextValues['values'] = []
  doc.entities().each((entity: ItemEntity) => {
    const kind = ENTITY_KINDS[entity.out(its.type) as string]
    const [from, to] = entity.out(its.span) as unknown as [number, number]
    if (kind) values.push({ kind, text: entity.out() as string, from, to })
  })
  // Proper nouns past the first token (a sentence's first word is capitalised whatever it is).
  for (let i = 1; i < tags.length; i++) {
    if (tags[i] !== 'PROPN' || tags[i - 1] === 'PROPN') continue
    let end = i
    while (tags[end + 1] === 'PROPN') end++
    values.push({ kind: 'name', text: words.slice(i, end + 1).join(' '), from: i, to: end })
  }
  const ids = doc.tokens().out(its.uniqueId) as number[]
  const nouns = words.filter((_, i) => tags[i] === 'NOUN' || tags[i] === 'PROPN')
  const names = words.filter(
    (word, i) => tags[i] === 'PROPN' || (tags[i] === 'NOUN' && !knownId(ids[i]) && !knownSingular(word)),
  )
  const result = {
    words,
    values,
    nouns,
    names,
    verb: tags.some((tag) => tag === 'VERB' || tag === 'AUX'),
    tags,
  }
  if (cache.size >= CACHE_SIZE) cache.clear()
  cache.set(text, result)
  return result
}

/** A plural the lexicon lists only in the singular ("nomads"): a known word, not a name. */
function knownSingular(word: string): boolean {
  return /[^s]s$/u.test(word) && knownWord(word.slice(0, -1))
}
