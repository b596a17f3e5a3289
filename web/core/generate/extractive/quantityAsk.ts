/**
 * Whether the ask wants a quantity: "how many", "how much", "how long", "how often", "how old", "how
 * far", "how big". Its answer holds a number; sentences without one share its words, not its answer.
 */
export function quantityAsk(ask: string): boolean {
  return /^(?:\S+\s+){0,3}?how\s+(?:many|much|long|often|old|far|big|large|tall|high)\b/iu.test(ask.trim())
}

const NUMBER =
  /\d|\b(?:once|twice|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|thousands?|millions?|billions?|half|quarter)\b/iu

/**
 * Whether a sentence states a number, a citation mark aside ("islands.[20]" states none). English
 * number words only, as the answer kinds of `scoreSentences` read them; digits in any language.
 */
export function holdsQuantity(text: string): boolean {
  return NUMBER.test(text.replace(/\[\d+\]/gu, ' '))
}
