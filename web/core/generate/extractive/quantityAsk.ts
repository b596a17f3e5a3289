/**
 * Whether the ask wants a quantity: "how many", "how much", "how long", "how often", "how old", "how
 * far", "how big". Its answer holds a number; sentences without one share its words, not its answer.
 */
export function quantityAsk(ask: string): boolean {
  return /^(?:\S+\s+){0,3}?how\s+(?:many|much|long|often|old|far|big|large|tall|high)\b/iu.test(ask.trim())
}

/** A surname, or two joined by "and" or "&", or one with "et al.". */
const AUTHORS = String.raw`\p{Lu}[\p{L}'’-]+(?:\s+(?:and|&)\s+\p{Lu}[\p{L}'’-]+|\s+et\s+al\.?)?`

const NUMBER =
  /\d|\b(?:once|twice|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|thousands?|millions?|billions?|half|quarter)\b/iu

/**
 * Whether a sentence states a number, a citation aside ("islands.[20]", "weakens recall (Walker, 2009)"
 * state none). English number words only, as the answer kinds of `scoreSentences` read them; digits in
 * any language.
 */
export function holdsQuantity(text: string): boolean {
  return NUMBER.test(text.replace(/\[\d+\]/gu, ' ').replace(CITATION, ' '))
}

/**
 * An author's surname and a year in brackets, and nothing else: "(Walker, 2009)", "(Lee et al. 2020; Ito and
 * Sato, 2021a)". Not "(signed in Paris, 1898)", which says when.
 */
const CITATION = new RegExp(String.raw`\((?:${AUTHORS},?\s+(?:1[6-9]|20)\d{2}[a-z]?(?:;\s*|(?=\))))+\)`, 'gu')
