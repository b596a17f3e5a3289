/** Words per streamed piece: small enough that the answer visibly streams, as an LLM's would. */
const WORDS_PER_PIECE = 3
/** Text without spaces (Chinese, Japanese, Thai) streams this many characters at a time. */
const CHARACTERS_PER_PIECE = 8

/**
 * Yields text a few words at a time; the pieces join back to the text exactly (each keeps its
 * whitespace). A run without spaces longer than CHARACTERS_PER_PIECE is cut into pieces of that many
 * code points, so an unspaced script streams too. Checks the signal before each piece and throws its
 * reason when aborted.
 */
export async function* streamInPieces(text: string, signal?: AbortSignal): AsyncGenerator<string> {
  let piece = ''
  let words = 0
  for (const word of text.match(/\s*\S+\s*/gu) ?? []) {
    for (const part of splitLong(word)) {
      piece += part
      if (++words < WORDS_PER_PIECE) continue
      signal?.throwIfAborted()
      yield piece
      piece = ''
      words = 0
    }
  }
  if (piece !== '') {
    signal?.throwIfAborted()
    yield piece
  }
}

function splitLong(word: string): string[] {
  const characters = [...word]
  if (characters.length <= CHARACTERS_PER_PIECE * 2) return [word]
  const parts: string[] = []
  for (let i = 0; i < characters.length; i += CHARACTERS_PER_PIECE) {
    parts.push(characters.slice(i, i + CHARACTERS_PER_PIECE).join(''))
  }
  return parts
}
