import { splitSentences } from '../../ingest/chunk/splitSentences'
import { ORDINAL_WORDS } from './nthItem'
import { passageLines } from './passageLines'

/** "The first rule is that…", "The third step is…": an ordinal, then the noun each item is one of. */
const ORDINAL_OPENING = new RegExp(
  String.raw`^(?:the\s+)?(${ORDINAL_WORDS.join('|')}|last|final)\s+([\p{L}-]+)\s+(?:is|was|says|states|requires|applies)\b`,
  'iu',
)

/**
 * A list said in sentences that each open with an ordinal and the same noun: "The compiler uses three
 * rules… The first rule is that the compiler assigns… The second rule is that, if there is exactly one
 * input lifetime parameter… The third rule is that…". The items are those sentences, in order from the
 * first (the last may be "the last" or "the final" one); the introduction is the last sentence before the
 * first item that names the noun ("These rules apply to fn definitions…"), or the noun itself (then not
 * `introduced`). Null where the lines hold no such run of two or more.
 */
export function ordinalItems(
  lines: readonly string[],
): { intro: string; items: string[]; noun: string; introduced: boolean } | null {
  const sentences = sentencesOf(lines)
  const start = sentences.findIndex(
    (sentence) => ORDINAL_OPENING.exec(sentence)?.[1]?.toLowerCase() === 'first',
  )
  if (start < 0) return null
  const noun = ORDINAL_OPENING.exec(sentences[start]!)![2]!.toLowerCase()
  const items = ordinalRun(sentences.slice(start), noun, 0)
  if (items.length < 2) return null
  const stem = noun.replace(/s$/u, '')
  const intro = sentences
    .slice(0, start)
    .findLast((sentence) => new RegExp(String.raw`\b${stem}`, 'iu').test(sentence))
  return { intro: intro ?? `${noun}s:`, items, noun, introduced: intro !== undefined }
}

/** The sentences of passage lines, each line ending its sentence. */
function sentencesOf(lines: readonly string[]): string[] {
  return lines.flatMap((line) => splitSentences(line).map(({ start, end }) => line.slice(start, end).trim()))
}

/** The sentences of `noun`'s ordinal run from the `next`th ordinal (0: "first"), the others between aside. */
function ordinalRun(sentences: readonly string[], noun: string, next: number): string[] {
  const items: string[] = []
  for (const sentence of sentences) {
    const match = ORDINAL_OPENING.exec(sentence)
    if (!match || match[2]!.toLowerCase() !== noun) continue
    const ordinal = match[1]!.toLowerCase()
    const last = ordinal === 'last' || ordinal === 'final'
    if (!last && ordinal !== ORDINAL_WORDS[next]) break
    items.push(sentence)
    next++
    if (last) break
  }
  return items
}

/**
 * The ordinal sentences a passage opens with that go on from `item` ("The second rule is…" then "The
 * third rule is…"): a passage's end cut the run. Empty where `item` is no ordinal sentence, or `text`
 * opens with no sentence of the next ordinal and the same noun.
 */
export function ordinalsGoingOn(item: string, text: string): string[] {
  const match = ORDINAL_OPENING.exec(item)
  const at = match ? ORDINAL_WORDS.indexOf(match[1]!.toLowerCase()) : -1
  if (at < 0) return []
  const sentences = sentencesOf(passageLines(text))
  const noun = match![2]!.toLowerCase()
  const first = ORDINAL_OPENING.exec(sentences[0] ?? '')
  if (first?.[2]?.toLowerCase() !== noun || first[1]!.toLowerCase() !== ORDINAL_WORDS[at + 1]) return []
  return ordinalRun(sentences, noun, at + 1)
}

/**
 * A count and the plural noun it counts, announcing them: "three rules", "4 steps"; not "the three rules",
 * which points back at them.
 */
const COUNTED =
  /(?<!\b(?:the|these|those|all)\s+)\b(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+([\p{L}-]+s)\b/giu

/** The plural nouns a text counts ("uses three rules": "rules"), in lower case. */
export function countedNouns(text: string): string[] {
  return [...text.matchAll(COUNTED)].map((found) => found[1]!.toLowerCase())
}

/**
 * The noun of the list a passage opens in ordinal sentences ("The first rule is that…": "rule"), where a
 * passage before it counts them ("The compiler uses three rules…"); null where `text` opens no such list
 * or `before` counts no such things. A passage's end cut the list from the sentence that announces it.
 */
export function announcedOrdinalNoun(before: string, text: string): string | null {
  const match = ORDINAL_OPENING.exec(sentencesOf(passageLines(text))[0] ?? '')
  if (match?.[1]?.toLowerCase() !== 'first') return null
  const noun = match[2]!.toLowerCase()
  return countingSentence(before, noun) !== null ? noun : null
}

/** The first sentence of `text` that counts `noun`'s plural ("The compiler uses three rules to…"), or null. */
export function countingSentence(text: string, noun: string): string | null {
  return (
    sentencesOf(passageLines(text)).find((sentence) =>
      countedNouns(sentence).some((plural) => plural === `${noun}s` || plural === `${noun}es`),
    ) ?? null
  )
}
