import type { Embedder } from './Embedder'

/**
 * The built-in embedder: feature hashing, no model, no download, the same vector on every host. It
 * captures shared words, word pairs and word pieces, not meaning ("car" and "automobile" are
 * unrelated to it), which with BM25 beside it is enough to work offline out of the box.
 *
 * Features of NFKC-normalised, lowercased text, where a word is a run of letters, digits and marks
 * (diacritics kept: "résumé" is not "resume"), and each Han or kana character is a word of its own
 * (those scripts have no spaces; the word pairs then are character bigrams):
 * - words, weight 1.0, except a few English function words (STOP_WORDS), which carry no topic;
 * - pairs of consecutive words (after stop-word removal), weight 0.4: phrases and word order;
 * - character 3- and 4-grams of each word of 3+ characters, padded with boundary markers, weight 0.6:
 *   they let "connected" meet "connection" and tolerate typos and inflection in any language.
 * The weights were chosen on the xquad-en questions (632 questions, 119 default-sized chunks of 24
 * articles): the right chunk first for 76% of them and in the top five for 93%, against 72% and 91%
 * with bigrams 0.7 and n-grams 0.4; without the stop words, 73% and 90%.
 * Each distinct feature counts 1 + ln(tf), so repeating a word does not drown the rest.
 *
 * A feature's 32-bit hash (FNV-1a, then murmur3's finaliser to spread the bits) picks one of 384
 * dimensions and, by its top bit, a sign, so colliding features cancel out on average instead of
 * piling up. The result is scaled to unit length; a text without features (no letters or digits, or
 * only stop words) gives the zero vector instead (length 0, no NaN), which is similar to nothing.
 *
 * Changing any of this changes the vectors: it must then get a new id (`hash-v2`), as stored vectors
 * record the id that made them.
 */
const DIMENSIONS = 384
const WORD_WEIGHT = 1
const BIGRAM_WEIGHT = 0.4
const NGRAM_WEIGHT = 0.6

// Salts keep the kinds of feature apart: the word "the" and the 3-gram "the" are different features.
const WORD_SALT = 0x811c9dc5
const BIGRAM_SALT = 0x5bd1e995
const NGRAM_SALT = 0x27d4eb2f
// Boundary markers around a word for its n-grams; control characters never occur inside a word.
const WORD_START = 0x02
const WORD_END = 0x03

const WORD = /[\p{L}\p{N}\p{M}]+/gu
const UNSPACED = /[\p{Script_Extensions=Han}\p{Script_Extensions=Hiragana}\p{Script_Extensions=Katakana}]/u

/** Articles, auxiliaries, pronouns and prepositions that occur in nearly every English passage. */
const STOP_WORDS = new Set(
  'a an the and or but of to in on at by for with from as into than then is are was were be been being it its this that these those there their they he she his her we you i do does did has have had not no so if'.split(
    ' ',
  ),
)

export const hashEmbedder: Embedder = {
  id: 'hash-v1',
  dimensions: DIMENSIONS,
  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = []
    for (const text of texts) {
      signal?.throwIfAborted()
      vectors.push(embedText(text))
    }
    return vectors
  },
}

function embedText(text: string): Float32Array {
  const counts = FEATURES
  counts.clear()
  let previous = -1
  for (const word of words(text)) {
    const wordHash = fnv1a(word, WORD_SALT)
    counts.add(fmix32(wordHash), WORD_WEIGHT)
    if (previous !== -1)
      counts.add(fmix32(Math.imul(previous, 0x9e3779b1) ^ wordHash ^ BIGRAM_SALT), BIGRAM_WEIGHT)
    previous = wordHash
    if (word.length >= 3) addCharNgrams(counts, word)
  }
  return counts.project()
}

/** Words of the text in order, stop words left out, Han and kana split into single characters. */
function* words(text: string): Generator<string> {
  for (const [match] of text.normalize('NFKC').toLowerCase().matchAll(WORD)) {
    if (!UNSPACED.test(match)) {
      if (!STOP_WORDS.has(match)) yield match
      continue
    }
    let run = ''
    for (const character of match) {
      if (!UNSPACED.test(character)) {
        run += character
        continue
      }
      if (run !== '') yield run
      run = ''
      yield character
    }
    if (run !== '') yield run
  }
}

/** 3- and 4-grams of the word padded with boundary markers, hashed in place (no substrings). */
function addCharNgrams(counts: FeatureCounts, word: string): void {
  const padded = word.length + 2
  for (let n = 3; n <= 4; n++) {
    for (let start = 0; start + n <= padded; start++) {
      let hash = NGRAM_SALT ^ n
      for (let i = start; i < start + n; i++) {
        const code = i === 0 ? WORD_START : i === padded - 1 ? WORD_END : word.charCodeAt(i - 1)
        hash = Math.imul(hash ^ code, 0x01000193)
      }
      counts.add(fmix32(hash), NGRAM_WEIGHT)
    }
  }
}

/** FNV-1a over UTF-16 code units, starting from `seed`. */
function fnv1a(text: string, seed: number): number {
  let hash = seed
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

/** murmur3's finaliser: every input bit affects every output bit, which FNV alone does poorly. */
function fmix32(input: number): number {
  let hash = input
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b)
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35)
  hash ^= hash >>> 16
  return hash >>> 0
}

/**
 * Term counts per feature hash in an open-addressing table that is reused from text to text (embedding
 * is synchronous, so one table serves every call), which is several times faster than a Map.
 */
class FeatureCounts {
  private keys = new Uint32Array(1 << 12)
  private counts = new Uint32Array(1 << 12)
  private weights = new Float32Array(1 << 12)
  private used = new Uint32Array(1 << 11)
  private size = 0
  private readonly sums = new Float64Array(DIMENSIONS)

  clear(): void {
    for (let i = 0; i < this.size; i++) this.counts[this.used[i]!] = 0
    this.size = 0
  }

  add(key: number, weight: number): void {
    const mask = this.keys.length - 1
    let slot = key & mask
    while (this.counts[slot] !== 0 && this.keys[slot] !== key) slot = (slot + 1) & mask
    if (this.counts[slot] !== 0) {
      this.counts[slot]!++
      return
    }
    this.keys[slot] = key
    this.counts[slot] = 1
    this.weights[slot] = weight
    this.used[this.size++] = slot
    if (this.size * 2 >= this.keys.length) this.grow()
  }

  /** The weighted, signed, hashed sum of the features, scaled to unit length. */
  project(): Float32Array {
    const sums = this.sums
    sums.fill(0)
    for (let i = 0; i < this.size; i++) {
      const slot = this.used[i]!
      const key = this.keys[slot]!
      const value = this.weights[slot]! * (1 + Math.log(this.counts[slot]!))
      sums[(key & 0x7fffffff) % DIMENSIONS]! += key >>> 31 ? -value : value
    }
    let norm = 0
    for (const sum of sums) norm += sum * sum
    const vector = new Float32Array(DIMENSIONS)
    if (norm === 0) return vector
    const scale = 1 / Math.sqrt(norm)
    for (let i = 0; i < DIMENSIONS; i++) vector[i] = sums[i]! * scale
    return vector
  }

  private grow(): void {
    const { keys, counts, weights, used, size } = this
    const capacity = keys.length * 2
    this.keys = new Uint32Array(capacity)
    this.counts = new Uint32Array(capacity)
    this.weights = new Float32Array(capacity)
    this.used = new Uint32Array(capacity / 2)
    this.size = 0
    const mask = capacity - 1
    for (let i = 0; i < size; i++) {
      const from = used[i]!
      let slot = keys[from]! & mask
      while (this.counts[slot] !== 0) slot = (slot + 1) & mask
      this.keys[slot] = keys[from]!
      this.counts[slot] = counts[from]!
      this.weights[slot] = weights[from]!
      this.used[this.size++] = slot
    }
  }
}

const FEATURES = new FeatureCounts()
