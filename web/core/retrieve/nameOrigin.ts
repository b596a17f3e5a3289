/**
 * A question asking where a name comes from: "where does the name mozilla come from", "where did python get
 * its name", "what is the origin of the name", "why is it called X". English word order only.
 */
const ORIGIN_ASK =
  /\bwhere\s+(?:does|did|do)\s+(?:the\s+(?:name|word|term)\s+)?.+?\s+come\s+from\b|\bwhere\s+(?:does|did|do)\s+.+?\s+get\s+(?:its|their|his|her)\s+name\b|\borigin\s+of\s+(?:the\s+)?(?:name|word|term)\b|\bwhy\s+(?:is|was|are|were)\s+.+?\s+(?:called|named)\b/iu

/**
 * What a sentence says a name comes from: "named Mozilla after the original code name", "a blending of
 * 'Mosaic and Godzilla'", "short for". A closed class, as the question's shape words.
 */
const ORIGIN_SAID =
  /\b(?:named(?:\s+[\p{L}\p{N}'’"“”-]+){0,3}\s+(?:after|for)|blend(?:ing)?\s+of|portmanteau|short\s+for|shortening\s+of|abbreviation\s+(?:of|for)|stands\s+for|contraction\s+of)\b/iu
/** Words that say where anything comes from ("revenue comes from"): of a name only beside one (`NAME_SAID`). */
const SOURCE_SAID = /\b(?:derived?\s+from|derives\s+from|comes\s+from|taken\s+from|borrowed\s+from)\b/iu
const NAME_SAID = /\b(?:name|names|named|word|term|called)\b/iu

/** Whether a question asks where a name comes from (`ORIGIN_ASK`). */
export function originAsk(ask: string): boolean {
  return ORIGIN_ASK.test(ask)
}

/** Whether a sentence says where a name comes from. */
export function saysOrigin(text: string): boolean {
  return ORIGIN_SAID.test(text) || (SOURCE_SAID.test(text) && NAME_SAID.test(text))
}
