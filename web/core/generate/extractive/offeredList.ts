import type { AnswerSource } from '../AnswerGenerator'
import { tokenize } from '../../retrieve/index/tokenize'
import { splitSentences } from '../../ingest/chunk/splitSentences'
import { passageLines } from './passageLines'
import { clipItem } from './listItems'

/**
 * "what does ATF guarantee", "what does the plan cover", "what does the library support": what a thing
 * offers, which a document lists under a heading of the verb's noun ("System guarantees", "Requirements",
 * "Features"). The verb, or null for another ask.
 */
const OFFERED_ASK =
  /^what\s+(?:does|do|did|will|can|would)\s+(?:[\p{L}\p{N}'’.-]+\s+){1,4}?(guarantee|offer|provide|support|include|require|promise|cover|feature|ensure)\s*[?.!]*$/u

/** A section lists no more items than this. */
const MAX_ITEMS = 12

/**
 * The answer to "what does X guarantee" where a passage's heading is the verb's noun in the plural ("System
 * guarantees", "Requirements") and its paragraphs under it, two or more, are the things offered, each
 * opening with its name run into its sentence as a page's bold label comes out ("At-least once task
 * execution The ATF system guarantees…"): the heading, then each paragraph's first sentence, the section's
 * other passages (the same heading, not opening with it) after it. Null where no passage is such a section.
 */
export function offeredList(ask: string, sources: readonly AnswerSource[]): string[] | null {
  const verb = OFFERED_ASK.exec(ask.toLowerCase().replace(/\s+/gu, ' ').trim())?.[1]
  if (verb === undefined) return null
  const nouns = new Set([`${verb}s`, `${verb}ments`, `${verb.replace(/e$/u, '')}ions`])
  for (const source of sources) {
    const heading = source.heading?.split(' > ').at(-1) ?? ''
    if (!tokenize(heading).some((word) => nouns.has(word))) continue
    const lines = passageLines(source.text)
    if (lines[0] !== heading) continue
    const rest = sources.filter(
      (other) =>
        other !== source &&
        other.filename === source.filename &&
        other.heading === source.heading &&
        passageLines(other.text)[0] !== heading,
    )
    const paragraphs = [...lines.slice(1), ...rest.flatMap((other) => passageLines(other.text))]
    if (lines.length - 1 < 2) continue
    const items = paragraphs.map((paragraph) => {
      const first = splitSentences(paragraph)[0]
      return first ? paragraph.slice(first.start, first.end).trim() : paragraph
    })
    const cited = [source, ...rest].map(({ number }) => `[${number}]`).join('')
    return [`${heading}: ${cited}`, ...items.slice(0, MAX_ITEMS).map((item) => `\n- ${clipItem(item)}`)]
  }
  return null
}
