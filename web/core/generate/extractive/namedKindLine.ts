import { AUXILIARY_VERBS } from '../../retrieve/questionWords'
import { QUESTION_SHAPE } from '../../retrieve/understandQuestion'
import { knownWord } from '../../retrieve/englishReader'

/** Kinds of organisation a question asks for by their noun ("what university", "which company"). */
const ORGANISATION =
  'university|college|school|company|firm|hospital|agency|organi[sz]ation|institute|institution|bank|team|club|party|department|ministry|court|foundation|lab|laboratory|publisher|journal|union'
const KIND_ASK = new RegExp(`^(?:what|which)\\s+(${ORGANISATION})\\b`, 'iu')
/** Words that may stand between a name and the noun of its kind ("DHT22 temperature and humidity sensor"). */
const BETWEEN = 3
/** Words that end a name's run of modifiers: articles, auxiliaries, prepositions, pronouns. A closed class. */
const NOT_A_MODIFIER =
  /^(?:a|an|the|this|that|these|those|its|their|his|her|our|your|my|is|are|was|were|be|has|have|had|does|do|did|of|for|to|in|on|at|by|with|from|it|they|we|you)$/iu
/** A line this short is a byline's or a slide's, not text run together. */
const NAMED_LINE_WORDS = 24

/**
 * For a question that asks which organisation ("what university are they from", "which company makes
 * it"), which short lines to take whole for candidates although they read as headings: those printing a
 * name of that kind, its noun capitalised within it ("University of Manchester", "Acme Company"), as a
 * title slide's byline does; for one of any other kind, `instanceLine`.
 */
export function namedKindLine(ask: string): ((line: string) => boolean) | undefined {
  const kind = KIND_ASK.exec(ask.trim())?.[1]
  if (!kind) return instanceLine(ask)
  const noun = `${kind[0]!.toUpperCase()}${kind.slice(1).toLowerCase()}`
  const named = new RegExp(`\\b${noun}\\s+(?:of\\s+)?\\p{Lu}|\\p{Lu}[\\p{L}&.-]*\\s+${noun}\\b`, 'u')
  return (line) => line.split(' ').length <= NAMED_LINE_WORDS && named.test(line)
}

/** "what microcontroller does greenwatch use", "which database is it on": one of a kind, by its noun. */
const INSTANCE_ASK = new RegExp(String.raw`^(?:what|which)\s+(\p{L}{3,})\s+(?:${AUXILIARY_VERBS})\b`, 'iu')

/**
 * For a question that asks which one of a kind ("what microcontroller does greenwatch use"), short lines
 * naming one, a capitalised name before the kind's noun ("Arduino Uno microcontroller", "DHT22 temperature
 * and humidity sensor" among a slide's bullets): taken whole for candidates although, unpunctuated, they read as headings. Undefined for
 * other questions.
 */
export function instanceLine(ask: string): ((line: string) => boolean) | undefined {
  const noun = INSTANCE_ASK.exec(ask.trim())?.[1]?.toLowerCase()
  if (!noun || QUESTION_SHAPE.has(noun)) return undefined
  // A few words may stand between the name and the noun ("DHT22 temperature and humidity sensor"). A
  // sentence's first word is capitalised whatever it is ("Lost or stolen equipment"): there a name is no
  // English word ("Arduino") or is written with a digit or inner capitals ("DHT22").
  const kind = new RegExp(String.raw`^${noun}s?$`, 'iu')
  const name = (word: string, first: boolean) =>
    /^\p{Lu}/u.test(word) && (!first || !knownWord(word.toLowerCase()) || /\p{N}|.\p{Lu}/u.test(word))
  return (line) => {
    const words = line.split(' ')
    if (words.length > NAMED_LINE_WORDS) return false
    return words.some(
      (word, at) =>
        at > 0 &&
        kind.test(word.replace(/[^\p{L}\p{N}]+$/u, '')) &&
        words.slice(Math.max(0, at - BETWEEN - 1), at).some(
          (before, i, all) =>
            name(before, at - all.length + i === 0) &&
            // "Rust calls a special function": a name beyond an article is not the noun's.
            !all.slice(i + 1).some((between) => NOT_A_MODIFIER.test(between)),
        ),
    )
  }
}
