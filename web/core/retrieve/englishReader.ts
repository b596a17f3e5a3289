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

/** Whether the English lexicon lists `word` (one word, lower case): "cat" yes, "supt" no. */
export function knownWord(word: string): boolean {
  const english = englishReader()
  return knownId(english.readDoc(word).tokens().out(english.its.uniqueId)[0] as number | undefined)
}
