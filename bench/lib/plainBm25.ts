/** A passage the plain baseline ranks: a whole PDF page or a source paragraph. */
export interface PlainPassage {
  id: string
  text: string
}

/** Textbook parameters: the baseline is meant to be the plain thing, not a tuned rival. */
const K1 = 1.2
const B = 0.75
const WORD = /[\p{L}\p{N}]+/gu

/** Lowercase runs of letters and digits: no stemming, no stop words, no fields, no boosts. */
export function plainWords(text: string): string[] {
  return [...text.toLowerCase().matchAll(WORD)].map(([word]) => word)
}

/**
 * The plain BM25 the quality benchmark compares Quire's search with: Okapi BM25 (k1 1.2, b 0.75,
 * idf `ln(1 + (N - n + 0.5) / (n + 0.5))`) over lowercase word tokens, nothing else. Written by hand,
 * on purpose independent of Quire's tokenizer and index, so a change to those cannot move the bar it
 * is measured against. `rank(query)` gives every passage with a positive score, best first (ties:
 * passage order).
 */
export class PlainBm25 {
  private readonly frequencies: Array<Map<string, number>>
  private readonly lengths: number[]
  private readonly documentFrequency = new Map<string, number>()
  private readonly averageLength: number

  constructor(private readonly passages: readonly PlainPassage[]) {
    this.frequencies = passages.map(({ text }) => {
      const counts = new Map<string, number>()
      for (const word of plainWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1)
      for (const word of counts.keys())
        this.documentFrequency.set(word, (this.documentFrequency.get(word) ?? 0) + 1)
      return counts
    })
    this.lengths = this.frequencies.map((counts) => [...counts.values()].reduce((sum, n) => sum + n, 0))
    this.averageLength = this.lengths.reduce((sum, n) => sum + n, 0) / Math.max(1, passages.length)
  }

  /** The BM25 score of each passage for `query` (a query word counted once per occurrence). */
  scores(query: string): number[] {
    const n = this.passages.length
    const scores = new Array<number>(n).fill(0)
    for (const word of plainWords(query)) {
      const df = this.documentFrequency.get(word)
      if (!df) continue
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5))
      this.frequencies.forEach((counts, i) => {
        const tf = counts.get(word)
        if (!tf) return
        const norm = K1 * (1 - B + (B * this.lengths[i]!) / this.averageLength)
        scores[i]! += (idf * tf * (K1 + 1)) / (tf + norm)
      })
    }
    return scores
  }

  /** Ids of the passages that match `query`, best first. */
  rank(query: string): string[] {
    const scores = this.scores(query)
    return scores
      .map((score, i) => ({ score, i }))
      .filter(({ score }) => score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ i }) => this.passages[i]!.id)
  }
}
