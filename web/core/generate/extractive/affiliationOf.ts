import type { AnswerSource } from '../AnswerGenerator'
import { MAIL } from './authorshipQuestion'
import { passageLines } from './passageLines'

/**
 * "where does Maria Lopez work", "what university is Ana Ruiz from", "who does Bo Chen work for": where a
 * person named in the passages works, which a title slide or a paper's byline prints on the line under
 * the name ("Maria Lopez, Ph.D." over "Center for Rural Policy") or after it ("Ana Ruiz, University of
 * Leeds"), in no sentence. English phrasings only; the person is the words between the question's verb
 * phrases.
 */
const ASKS = [
  /^where\s+(?:does|did|do|is|was)\s+(.+?)\s+(?:work|works|worked|teach|teaches|taught|study|studies|studied|come\s+from|from|based)\b/iu,
  /^(?:what|which)\s+(?:organi[sz]ation|company|institution|institute|university|agency|employer|firm|school|college|department)\s+(?:is|was|does|did)\s+(.+?)\s+(?:with|from|at|in|work\s+for|works\s+for|work\s+at|represent|belong\s+to)\b/iu,
  /^who\s+(?:does|did)\s+(.+?)\s+(?:work|works|worked)\s+for\b/iu,
]

/** A line naming an organisation: one of the words organisations are named with. */
const ORGANISATION =
  /\b(?:University|Universidad|Université|Universität|Institute|College|School|Department|Dept\.?|Faculty|Laborator(?:y|ies)|Labs?|Cent(?:er|re)|Hospital|Foundation|Agency|Ministry|Council|Association|Society|Commission|Bureau|Office|Committee|Board|Corporation|Company|Inc\.?|LLC|Ltd\.?|GmbH|Group|Trust|Authority|Administration)\b/u

/**
 * What follows a name opens with the organisation ("School of Informatics…", "The University of…"): after
 * other capitalised words ("Li Wei University of Leeds") it may be a second author's name.
 */
const OPENS_ORGANISATION = new RegExp(`^(?:The\\s+)?${ORGANISATION.source.replace(/^\\b/u, '')}`, 'u')

/** A person's name is this many words at most ("Ana B. Ruiz", "Maria Lopez"). */
const MAX_NAME_WORDS = 5
/** A pronoun, or a noun phrase opening with a determiner ("the tenant"): no one's name. */
const PRONOUN =
  /^(?:(?:he|she|they|it|him|her|them|you|i|we)$|(?:the|a|an|my|our|your|his|her|their|its|this|that)\s)/iu

/** An organisation after a name is in one of the next parts of its line (a degree may come between). */
const PARTS_AFTER = 2
/** The person's line is read with this many lines under it. */
const LINES_UNDER = 2

/** The line saying where the person asked about works, cited; null where the ask is another or no byline says. */
export function affiliationOf(ask: string, sources: readonly AnswerSource[]): string | null {
  const person = ASKS.map((pattern) => pattern.exec(ask.trim())?.[1]).find((name) => name !== undefined)
  // "where does he work" asked alone names nobody (the follow-up's rewrite names the person), nor does
  // "where does the tenant work".
  if (!person || PRONOUN.test(person) || person.split(/\s+/u).length > MAX_NAME_WORDS) return null
  const words = person.toLowerCase().split(/\s+/u)
  for (const source of sources) {
    const lines = passageLines(source.text)
    // A name is printed capitalised: "tasked" in "which company was tasked with…" names nobody.
    const at = lines.findIndex((line) => {
      const held = new Set((line.match(/\p{Lu}[\p{L}'’-]*/gu) ?? []).map((word) => word.toLowerCase()))
      return words.every((word) => held.has(word))
    })
    if (at < 0) continue
    // "Ana Ruiz, University of Leeds": after the name on its line; "Ming Zhou School of Informatics
    // mzhou@eit.edu", a paper's author block read as one line: what follows the name, less the address.
    const line = lines[at]!
    const name = words.join(' ')
    const opens = line.toLowerCase().startsWith(name)
    const rest = opens
      ? line
          .slice(name.length)
          .replace(/^[,\s]+/u, '')
          .replace(MAIL, '')
          .trim()
      : ''
    if (OPENS_ORGANISATION.test(rest)) return `${rest} [${source.number}]`
    // "…led by Michael Shadlen, Ph.D., of Columbia University's Institute": a part of the line right after
    // the name's (a degree between them), not one before it ("…between Harbor View Properties LLC and
    // Jordan Ellis"), and the organisation, not the preposition before it.
    const parts = line.split(/\s*,\s*/u)
    const own = parts.findIndex((part) => words.every((word) => part.toLowerCase().includes(word)))
    const after = parts.slice(own + 1, own + 1 + PARTS_AFTER).find((part) => ORGANISATION.test(part))
    if (own >= 0 && after) return `${after.replace(/^(?:of|at|from|with)\s+/iu, '')} [${source.number}]`
    const under = lines.slice(at + 1, at + 1 + LINES_UNDER).find((line) => ORGANISATION.test(line))
    if (under) return `${under} [${source.number}]`
  }
  return null
}
