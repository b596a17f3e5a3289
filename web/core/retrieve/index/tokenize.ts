/**
 * Splits text into search terms, the same way for indexing and for queries (a term the index never
 * produced can never match, so both sides must agree exactly).
 *
 * - NFKC first, so full-width "ＡＢＣ" and half-width katakana meet their ordinary forms, then lowercase.
 * - A word is a run of letters, digits and combining marks; marks stay inside the word, since Thai
 *   vowels and Devanagari matras are marks and "résumé" is not "resume". Everything else separates.
 * - Han, kana, Thai, Lao, Khmer and Myanmar are written without spaces between words, so a run of
 *   them becomes overlapping character bigrams ("東京都" -> "東京", "京都"); a lone character stays a
 *   unigram. Bigrams need no dictionary and behave the same on every host (Intl.Segmenter's word
 *   breaks depend on the host's ICU data, and an index built on one host is searched on another).
 *   How it fails: a one-character query only matches where that character stands alone, not inside
 *   longer runs, and a bigram that straddles two words adds a little noise.
 * - A few English function words are dropped: BM25 here multiplies a document's score by the number
 *   of query terms it matched, so "the" and "what" would otherwise lift any passage containing them.
 *
 * Changing what this returns changes what a stored index means: bump TOKENIZER_VERSION, and
 * persisted BM25 indexes are then rejected (and rebuilt from chunks) rather than silently missing.
 */
export const TOKENIZER_VERSION = 1

const WORD = /[\p{L}\p{N}\p{M}]+/gu
const UNSPACED =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u

/** Articles, auxiliaries, pronouns, prepositions and question words: in nearly every passage or query. */
const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at by for with from as into than then is are was were be been being ' +
    'it its this that these those there their they them he she his her we you your i me my our us do does ' +
    'did has have had not no so if what which who whom whose when where why how'
  ).split(' '),
)

export function tokenize(text: string): string[] {
  const terms: string[] = []
  for (const [word] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    if (!UNSPACED.test(word)) {
      if (!STOP_WORDS.has(word)) terms.push(word)
      continue
    }
    splitMixedWord(word, terms)
  }
  return terms
}

/** A word that contains unspaced script: spaced pieces stay whole, unspaced runs become bigrams. */
function splitMixedWord(word: string, terms: string[]): void {
  let spaced = ''
  let unspaced: string[] = []
  for (const character of word) {
    if (UNSPACED.test(character)) {
      if (spaced !== '') pushSpaced(spaced, terms)
      spaced = ''
      unspaced.push(character)
    } else {
      if (unspaced.length > 0) pushBigrams(unspaced, terms)
      unspaced = []
      spaced += character
    }
  }
  if (spaced !== '') pushSpaced(spaced, terms)
  if (unspaced.length > 0) pushBigrams(unspaced, terms)
}

function pushSpaced(piece: string, terms: string[]): void {
  if (!STOP_WORDS.has(piece)) terms.push(piece)
}

/** Code points, not UTF-16 units: a Han character outside the BMP is one character, not two halves. */
function pushBigrams(characters: string[], terms: string[]): void {
  if (characters.length === 1) {
    terms.push(characters[0]!)
    return
  }
  for (let i = 0; i + 1 < characters.length; i++) terms.push(characters[i]! + characters[i + 1]!)
}
