import { splitSentences } from '../../ingest/chunk/splitSentences'

/** A series in a sentence names at least this many items, each of at most this many words. */
const MIN_ITEMS = 3
const MAX_ITEM_WORDS = 8
/** The words before the series, the sentence's start to its cue, are at most this many. */
const MAX_INTRO_WORDS = 30
/** What announces a series inside a sentence: "many products such as…", "…, including…", "three kinds: …". */
const CUE = /(?:\bsuch\s+as|\bincluding|\bincludes?|\bnamely|:)\s+/giu
/**
 * "The four golden signals are latency, traffic, errors, and saturation.": a series said to be what its
 * subject is. Read only where no other cue names one, of short items: "are" opens clauses of every kind.
 */
const COPULA = /\b(?:are|were)\s+/giu
/** An item of a series after "are" is at most this many words: a name, not a clause going on. */
const MAX_COPULA_ITEM_WORDS = 4
/** "… and other projects", "and more", "etc.": the series goes on unnamed, no item. */
const UNNAMED = /^(?:(?:many\s+|several\s+|some\s+)?others?\b|more\b|(?:and\s+)?so\s+on\b|etc\b)/iu

/**
 * The lists a line's sentences name in prose: an introduction up to "such as", "including", "namely" or
 * a colon, then a series of at least three short items separated by commas, the last after "and" or
 * "or" ("Mozilla produces many products such as the Firefox web browser, Thunderbird e-mail client,
 * Firefox OS … and other projects."), or, where no such cue names one, up to "are" or "were" ("The four
 * golden signals are latency, traffic, errors, and saturation."). The introduction is quoted up to its cue, which closes it with a
 * colon; an item that only says the series goes on ("other projects", "more") is left out. A series in
 * brackets (an example, a citation) is not split. Each comes with its whole sentence, which says it as a
 * list's answer does. Empty for a line without one.
 */
export function proseLists(line: string): Array<{ intro: string; items: string[]; sentence: string }> {
  const lists: Array<{ intro: string; items: string[]; sentence: string }> = []
  for (const span of splitSentences(line)) {
    const sentence = line.slice(span.start, span.end).trim()
    const found =
      seriesAfter(sentence, CUE, MAX_ITEM_WORDS) ?? seriesAfter(sentence, COPULA, MAX_COPULA_ITEM_WORDS)
    if (found) lists.push({ ...found, sentence })
  }
  return lists
}

/** The first series in a sentence after one of the cues, items of at most `maxWords` words; or null. */
function seriesAfter(
  sentence: string,
  cues: RegExp,
  maxWords: number,
): { intro: string; items: string[] } | null {
  for (const cue of sentence.matchAll(cues)) {
    const intro = sentence.slice(0, cue.index).trim()
    const words = intro.split(' ').length
    // A cue inside brackets introduces an example, not the sentence's list.
    const open = (intro.match(/[([]/gu) ?? []).length > (intro.match(/[)\]]/gu) ?? []).length
    if (intro === '' || words > MAX_INTRO_WORDS || open) continue
    const items = series(sentence.slice(cue.index + cue[0].length), maxWords)
    if (items.length < MIN_ITEMS) continue
    return { intro: `${intro} ${cue[0].trim().replace(/:$/u, '')}:`.replace(/\s+:$/u, ':'), items }
  }
  return null
}

/**
 * The items of a series ("A, B, C and D.", "A, B, or C", "A, B and C, in May"): split at the commas
 * outside brackets, up to the first part after the first that joins its item with "and" or "or"; empty
 * where an item is longer than a named one is or no part joins one (a clause going on after a comma is
 * no series).
 */
function series(text: string, maxWords: number): string[] {
  const body = text.replace(/[.!?;]\s*$/u, '')
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!
    if (char === '(' || char === '[') depth++
    else if ((char === ')' || char === ']') && depth > 0) depth--
    else if (char === ',' && depth === 0) {
      parts.push(body.slice(start, i))
      start = i + 1
    }
  }
  parts.push(body.slice(start))
  // The series ends at its item joined by "and" or "or"; the sentence may go on after it (", in May").
  const last = parts.findIndex((part, i) => i > 0 && /(?:^|\s)(?:and|or)\s/u.test(part.trim()))
  if (last < 0) return []
  const joined = /^(?:(.*?)\s+)?(?:and|or)\s+(.+)$/u.exec(parts[last]!.trim())!
  const named = [...parts.slice(0, last), ...(joined[1] ? [joined[1]] : []), joined[2]!]
  const items = named.map((part) => part.trim()).filter((part) => part !== '')
  if (items.some((item) => item.split(' ').length > maxWords || item.includes(':'))) return []
  return items.filter((item) => !UNNAMED.test(item))
}
