import winkNLP from 'wink-nlp'
import model from 'wink-eng-lite-web-model'

export type EnglishReader = ReturnType<typeof winkNLP>

// Loaded on first use: the model is about 1 MB of tables, read in ~0.1 s; the answerer may never need it.
let reader: EnglishReader | undefined
/** Words the model does not know get ids from here up, in the order it meets them. */
let firstUnknownId = 0

/** wink-nlp with its English model, made once for every reader of English in the app (`textValues`). */
export function englishReader(): EnglishReader {
  if (!reader) {
    reader = winkNLP(model)
    firstUnknownId = reader.readDoc('qzxjvkw').tokens().out(reader.its.uniqueId)[0] as number
  }
  return reader
}

/** Whether a token id of `englishReader` is of a word its English lexicon lists. */
export function knownId(id: number | undefined): boolean {
  englishReader()
  return id !== undefined && id < firstUnknownId
}

/** Words asked of the lexicon and its answers: a question's word is asked once per passage word it meets. */
const known = new Map<string, boolean>()
/** Enough for every word of a library's questions; a full cache starts again rather than grow. */
const MAX_KNOWN = 10_000

/** Whether the English lexicon lists `word` (one word, lower case): "cat" yes, "supt" no. */
export function knownWord(word: string): boolean {
  const cached = known.get(word)
  if (cached !== undefined) return cached
  const english = englishReader()
  const listed = knownId(english.readDoc(word).tokens().out(english.its.uniqueId)[0] as number | undefined)
  if (known.size >= MAX_KNOWN) known.clear()
  known.set(word, listed)
  return listed
}
