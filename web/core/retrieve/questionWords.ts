/**
 * The words that open an English question, as regular-expression alternations (no groups), so that
 * the readers of a question (its shape, its focus, its kind, a follow-up's rewrite) agree on them.
 */

/** The question words: "who", "what", "how"… */
export const WH_WORDS = 'who|whom|whose|what|when|where|which|why|how'

/**
 * The auxiliary and modal verbs that open a yes/no question ("is it…", "does it…") or stand after a
 * question's noun ("which repo does…", "how many people have…").
 */
export const AUXILIARY_VERBS = 'is|are|was|were|do|does|did|can|could|should|would|will|has|have|had'

/**
 * The adjectives of a measure asked with "how" ("how DEEP can it dig", "how BIG can an ADU be"): they say
 * a measure is asked, as "how many" says a count is.
 */
export const MEASURE_ADJECTIVES = 'big|large|small|heavy|tall|wide|far|fast|high|deep|thick|accurate|precise'
/**
 * Those of them that name no measure of their own: a size is stated in any unit ("800 square feet"),
 * never as "big". "Deep" and "heavy" are said as "depth" and "weight" (`synonyms`).
 */
export const SIZE_ADJECTIVES = 'big|large|small'

/**
 * Nouns for persons of any kind: "how many PEOPLE took the survey" counts persons a text may name in its
 * own words ("5,000 software professionals", "40,000 contributors").
 */
export const PERSON_NOUNS = 'people|persons|individuals|folks'
