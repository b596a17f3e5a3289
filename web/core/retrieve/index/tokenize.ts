/**
 * Splits text into words (`tokenize`) and search terms (`searchTerms`), the same way for indexing
 * and for queries (a term the index never produced can never match, so both sides must agree exactly).
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
 *   So are the "s" and "t" left of "Amazon's" and "don't" once the apostrophe separates them.
 * - `searchTerms` adds a word's other forms after it (the index keeps them; sentence scoring,
 *   phrases and intents read `tokenize`'s words, one per word as written):
 *   - an English plural's singular, by Harman's S stemmer on words of plain a-z only, so no other
 *     language's words change ("statements" is "statements" and "statement"). Beside the word, not
 *     in its place: replacing it scored better on the financebench-dev tuning half (page hit@5 0.52
 *     against 0.48) but lost an xquad-en question (recall@5 0.997 to 0.995); beside it xquad-en keeps
 *     0.997, and the tuning half's hit@10 is 0.68 against 0.56 (bench/quality.ts; with neither, hit@5
 *     was 0.16);
 *   - the runs of two or more digits of a word that mixes letters and digits: "FY2022" is "fy2022"
 *     and "2022", so a question's "FY2022" meets a report's "fiscal 2022", and a file named "2024Q2"
 *     meets "2024". A lone digit stays inside its word ("6th", "Q2", "10K" add nothing), and so do
 *     letters: "marker12xb" must not match every "marker", nor "FY" every period of a report.
 *
 * Changing what `searchTerms` returns changes what a stored index means: bump TOKENIZER_VERSION, and
 * persisted BM25 indexes are then rejected (and rebuilt from chunks) rather than silently missing.
 */
// 3: terms of digits alone no longer count towards a chunk's length (Bm25Index).
export const TOKENIZER_VERSION = 3

const WORD = /[\p{L}\p{N}\p{M}]+/gu
const UNSPACED =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u

/** Articles, auxiliaries, pronouns, prepositions and question words: in nearly every passage or query. */
const STOP_WORDS = new Set(
  (
    'a an the and or but of to in on at by for with from as into than then is are was were be been being ' +
    'it its this that these those there their they them he she his her we you your i me my our us do does ' +
    'did has have had not no so if what which who whom whose when where why how s t'
  ).split(' '),
)

export function tokenize(text: string): string[] {
  const terms: string[] = []
  const normal = text.normalize('NFKC').toLowerCase()
  // `match` with /g gives the words as strings, where `matchAll` made an array with its index for each
  // (tokenizing was most of indexing's time: 13 of the server's 22 s over 200 documents). Most texts have
  // no unspaced script at all: one look at the whole text then spares asking of every word.
  const words = normal.match(WORD) ?? []
  if (!UNSPACED.test(normal)) {
    for (const word of words) pushSpaced(word, terms)
    return terms
  }
  for (const word of words) {
    if (UNSPACED.test(word)) splitMixedWord(word, terms)
    else pushSpaced(word, terms)
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

/**
 * The terms the search index keeps and looks up: each word of `tokenize`, followed by its other
 * forms (see the list above: a plural's singular, a mixed word's digit runs). Other readers of a
 * text (sentence scoring, phrases, intents) take `tokenize`'s words, one per word as written.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = []
  for (const word of tokenize(text)) {
    terms.push(word)
    const one = singular(word)
    if (one !== word) terms.push(one)
    if (mixesLettersAndDigits(word)) {
      for (const run of word.match(DIGIT_RUNS) ?? []) terms.push(run)
    }
  }
  return terms
}

const HAS_LETTER = /\p{L}/u
const HAS_DIGIT = /\p{N}/u
const DIGIT_RUNS = /\p{N}{2,}/gu

/** A word of letters and digits both; read a character code at a time where it is all ASCII (most are). */
function mixesLettersAndDigits(word: string): boolean {
  let letter = false
  let digit = false
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i)
    if (code > 127) return HAS_LETTER.test(word) && HAS_DIGIT.test(word)
    // Lowercase already: a word's ASCII characters are a-z and 0-9.
    if (code <= 57) digit = true
    else letter = true
  }
  return letter && digit
}

/** Code points, not UTF-16 units: a Han character outside the BMP is one character, not two halves. */
function pushBigrams(characters: string[], terms: string[]): void {
  if (characters.length === 1) {
    terms.push(characters[0]!)
    return
  }
  for (let i = 0; i + 1 < characters.length; i++) terms.push(characters[i]! + characters[i + 1]!)
}

/**
 * English plurals to their singular, by Harman's "S" stemmer (1991): "-ies" -> "-y", "-es" -> "-e",
 * "-s" -> "", except after "ei"/"ai", "ae"/"ee"/"oe", or "u"/"s" ("series", "toes", "bus", "glass").
 */
function singular(word: string): string {
  if (word.length < 4 || !word.endsWith('s') || !/^[a-z]+$/u.test(word)) return word
  if (word.endsWith('ies') && !/[ea]ies$/u.test(word)) return word.slice(0, -3) + 'y'
  if (word.endsWith('es') && !/[aeo]es$/u.test(word)) return word.slice(0, -1)
  if (/[us]s$/u.test(word)) return word
  return word.slice(0, -1)
}
