/**
 * A sentence opening with a pronoun or a demonstrative ("He will gain…", "Its revenue…", "These are…"):
 * what it speaks of was named in the sentence before. English, a closed class of words.
 */
export const OPENING_PRONOUN = /^(?:he|she|they|it|his|her|their|its|this|these|those|such)\b/iu

/** The personal ones alone ("He", "She", "They", "It" and their possessives): they stand for a named subject. */
export const OPENING_PERSONAL_PRONOUN = /^(?:he|she|they|it|his|her|their|its)\b/iu
