/** A quoted term closing a sentence ('… the making of “ephemeral recordings.”'). */
const CLOSING_QUOTED = /["”’][.!]?$|[.!]["”’]$/u
/** "These are…", "It is…", "Such recordings are…": a sentence saying what the one before named is. */
const DEFINING_OPENING = /^(?:these|they|this|it|such\s+\p{L}+)\s+(?:are|is|refers?\s+to|means?)\s/iu
/** An acronym in quotes ('practice the "HALT" method'). */
const QUOTED_ACRONYM = /["“'‘](\p{Lu}{2,6})["”'’]/gu
/** Joining words and marks between the words that spell an acronym ("Hungry, Angry, Lonely, or Tired"). */
const JOINING = /^(?:and|or|&)$/iu

/**
 * Whether `sentence` defines the term `previous` introduces in quotes: the term closing `previous` and
 * `sentence` saying what it is ('Section 112 grants an exemption for the making of “ephemeral
 * recordings.” These are recordings made in order to facilitate a transmission.'), or an acronym quoted
 * in `previous` that capitalised words of `sentence` spell ('practice the "HALT" method… Try not to buy
 * things when you're Hungry, Angry, Lonely, or Tired'). Writers' ways of defining a term in two sentences.
 */
export function definedAfterQuote(previous: string, sentence: string): boolean {
  if (CLOSING_QUOTED.test(previous.trim()) && DEFINING_OPENING.test(sentence.trim())) return true
  return [...previous.matchAll(QUOTED_ACRONYM)].some(([, acronym]) => spelledOut(acronym!, sentence))
}

/** Whether consecutive capitalised words of `sentence`, joining words aside, spell `acronym` by their initials. */
function spelledOut(acronym: string, sentence: string): boolean {
  const words = sentence
    .split(/[\s,;]+/u)
    .map((word) => word.replace(/^[("“'‘]+|[)"”'’.:!?]+$/gu, ''))
    .filter((word) => word !== '' && !JOINING.test(word))
  return words.some((_, start) =>
    [...acronym].every((letter, i) => {
      const word = words[start + i]
      return word !== undefined && /^\p{Lu}\p{Ll}/u.test(word) && word[0] === letter
    }),
  )
}
