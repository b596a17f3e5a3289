import { splitSentences } from '../../ingest/chunk/splitSentences'
import { ORDINAL_WORDS } from './nthItem'

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
 * first item that names the noun ("These rules apply to fn definitions…"), or the noun itself. Null where
 * the lines hold no such run of two or more.
 */
export function ordinalItems(lines: readonly string[]): { intro: string; items: string[] } | null {
  const sentences = lines.flatMap((line) =>
    splitSentences(line).map(({ start, end }) => line.slice(start, end).trim()),
  )
  const start = sentences.findIndex(
    (sentence) => ORDINAL_OPENING.exec(sentence)?.[1]?.toLowerCase() === 'first',
  )
  if (start < 0) return null
  const noun = ORDINAL_OPENING.exec(sentences[start]!)![2]!.toLowerCase()
  const items: string[] = []
  let next = 0
  for (const sentence of sentences.slice(start)) {
    const match = ORDINAL_OPENING.exec(sentence)
    if (!match || match[2]!.toLowerCase() !== noun) continue
    const ordinal = match[1]!.toLowerCase()
    const last = ordinal === 'last' || ordinal === 'final'
    if (!last && ordinal !== ORDINAL_WORDS[next]) break
    items.push(sentence)
    next++
    if (last) break
  }
  if (items.length < 2) return null
  const stem = noun.replace(/s$/u, '')
  const intro = sentences
    .slice(0, start)
    .findLast((sentence) => new RegExp(String.raw`\b${stem}`, 'iu').test(sentence))
  return { intro: intro ?? `${noun}s:`, items }
}
