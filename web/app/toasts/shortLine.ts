/** Longer than this, a message is a notice: the toast shows its short line and the Notices list the rest. */
export const LONG_MESSAGE = 80

/** The most a short line holds: about one line of a phone's toast at its small size. */
const SHORT_LINE = 60

/**
 * A long message's first words, for a toast of one line: its first sentence, or, when that is still long,
 * the part before its first comma, colon or semicolon that ends a clause, or else its words up to the
 * limit with an ellipsis. "The browser did not grant Quire persistent storage, so it may clear…" reads as
 * "The browser did not grant Quire persistent storage".
 */
export function shortLine(message: string, limit = SHORT_LINE): string {
  const text = message.trim().replace(/\s+/g, ' ')
  if (text.length <= limit) return text
  const sentence = /^(.+?[.!?])(\s|$)/.exec(text)?.[1]
  if (sentence && sentence.length <= limit) return sentence.replace(/\.$/, '')
  const clause = /^(.+?)[,:;](\s|$)/.exec(text)?.[1]
  if (clause && clause.length <= limit) return clause
  const cut = text.slice(0, limit)
  const space = cut.lastIndexOf(' ')
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}
