/** A quoted term closing a sentence ('… the making of “ephemeral recordings.”'). */
const CLOSING_QUOTED = /["”’][.!]?$|[.!]["”’]$/u
/** "These are…", "It is…", "Such recordings are…": a sentence saying what the one before named is. */
const DEFINING_OPENING = /^(?:these|they|this|it|such\s+\p{L}+)\s+(?:are|is|refers?\s+to|means?)\s/iu

/**
 * Whether `sentence` defines the term `previous` introduces in quotes at its end: 'Section 112 grants
 * an exemption for the making of “ephemeral recordings.” These are recordings made in order to
 * facilitate a transmission.' A writer's way of defining a term, the term and its definition in two
 * sentences.
 */
export function definedAfterQuote(previous: string, sentence: string): boolean {
  return CLOSING_QUOTED.test(previous.trim()) && DEFINING_OPENING.test(sentence.trim())
}
