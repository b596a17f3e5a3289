import { describe, expect, it } from 'vitest'
import { cosineSimilarity } from './cosineSimilarity'
import { hashEmbedder } from './hashEmbedder'

const embedOne = async (text: string) => (await hashEmbedder.embed([text]))[0]!
const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0))
const similarity = async (a: string, b: string) => cosineSimilarity(await embedOne(a), await embedOne(b))

describe('hashEmbedder', () => {
  it('is hash-v1 with 384 dimensions and one vector per text, in order', async () => {
    expect(hashEmbedder.id).toBe('hash-v1')
    expect(hashEmbedder.dimensions).toBe(384)
    const vectors = await hashEmbedder.embed(['first text', 'second text', 'first text'])
    expect(vectors).toHaveLength(3)
    for (const vector of vectors) expect(vector).toHaveLength(384)
    expect(vectors[0]).toEqual(vectors[2])
    expect(vectors[0]).not.toEqual(vectors[1])
    expect(await hashEmbedder.embed([])).toEqual([])
  })

  it('is deterministic across calls and batch sizes', async () => {
    const text = 'Tesla was granted patents for a system of transmitting electrical energy.'
    const alone = await embedOne(text)
    const batch = await hashEmbedder.embed(['something else entirely', text, 'x'.repeat(5000)])
    expect(batch[1]).toEqual(alone)
    expect(await embedOne(text)).toEqual(alone)
    // Pinned values: a change of features or hashing must come with a new id.
    const pinned = Array.from(alone, (x, i) => [i, Number(x.toFixed(4))]).filter(([, x]) => x !== 0)
    expect(pinned.slice(0, 5)).toEqual([
      [5, 0.0972],
      [6, -0.0324],
      [16, 0.0972],
      [18, -0.0972],
      [23, 0.0972],
    ])
  })

  it('returns unit vectors for texts of any size', async () => {
    const long = 'The quick brown fox jumps over the lazy dog. '.repeat(400)
    for (const text of ['word', 'Hello, world!', long, 'ünïcödé naïve café']) {
      expect(norm(await embedOne(text))).toBeCloseTo(1, 5)
    }
  })

  it('ranks a paraphrase above an unrelated sentence', async () => {
    const sentence = 'The company installed electric arc lighting systems designed by Tesla.'
    const paraphrase = 'Arc lights designed by Tesla were installed by the electric lighting company.'
    const unrelated = 'The Panthers defense surrendered only 308 points during the regular season.'
    const related = await similarity(sentence, paraphrase)
    expect(related).toBeGreaterThan(0.5)
    expect(related).toBeGreaterThan((await similarity(sentence, unrelated)) + 0.3)
  })

  it('relates morphological variants through character n-grams', async () => {
    const variants = await similarity('connected', 'connection')
    expect(variants).toBeGreaterThan(0.3)
    expect(variants).toBeGreaterThan((await similarity('connected', 'elephant')) + 0.2)
    expect(await similarity('the network was connected', 'a network connection')).toBeGreaterThan(
      await similarity('the network was connected', 'a network elephant'),
    )
  })

  it('is case-insensitive and NFKC-normalised but keeps diacritics', async () => {
    expect(await similarity('Résumé', 'résumé')).toBeCloseTo(1, 5)
    // "ﬁle" (ligature) and "file" are the same word after NFKC.
    expect(await similarity('ﬁle', 'file')).toBeCloseTo(1, 5)
    expect(await similarity('résumé', 'resume')).toBeLessThan(0.9)
  })

  it('embeds non-Latin text', async () => {
    const pairs = [
      ['Москва является столицей России.', 'Столица России — Москва.'],
      ['القاهرة هي عاصمة مصر.', 'عاصمة مصر هي القاهرة.'],
      ['北京是中国的首都。', '中国的首都是北京。'],
    ] as const
    for (const [a, b] of pairs) {
      const vector = await embedOne(a)
      expect(norm(vector)).toBeCloseTo(1, 5)
      expect(await similarity(a, b)).toBeGreaterThan(0.5)
      expect(await similarity(a, 'The weather is nice today.')).toBeLessThan(0.2)
    }
  })

  it('gives the zero vector, without NaN, for text with nothing to embed', async () => {
    for (const text of ['', '   ', '?!… ---', 'the of and']) {
      const vector = await embedOne(text)
      expect(vector).toHaveLength(384)
      expect(vector.every((x) => x === 0)).toBe(true)
      expect(cosineSimilarity(vector, await embedOne('anything'))).toBe(0)
    }
  })

  it('stops when the signal aborts', async () => {
    const controller = new AbortController()
    controller.abort(new Error('cancelled'))
    await expect(hashEmbedder.embed(['text'], controller.signal)).rejects.toThrow('cancelled')
  })
})
