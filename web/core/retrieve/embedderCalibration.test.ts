import { describe, expect, it } from 'vitest'
import { defaultSimilarityThreshold } from './defaultSimilarityThreshold'
import { embedderCalibration } from './embedderCalibration'

describe('embedderCalibration', () => {
  it('gives hash-v1 its measured threshold and no vote in fusion', () => {
    expect(embedderCalibration('hash-v1')).toMatchObject({ similarityThreshold: 0.15, fusionWeight: 0 })
    // hash-v2 would be another feature set: nothing is known about it.
    expect(embedderCalibration('hash-v2').similarityThreshold).toBe(0.7)
  })

  it('recognises model families by name, whatever the owner and case', () => {
    const cases: Array<[string, number]> = [
      ['Xenova/bge-small-en-v1.5', 0.5],
      ['BAAI/bge-base-en-v1.5', 0.5],
      ['bge-large-zh-v1.5', 0.5],
      ['BAAI/bge-small-en', 0.7],
      ['Xenova/bge-m3', 0.4],
      ['Xenova/multilingual-e5-small', 0.75],
      ['intfloat/e5-small-v2', 0.75],
      ['Xenova/gte-small', 0.75],
      ['Xenova/all-MiniLM-L6-v2', 0.25],
      ['Xenova/paraphrase-multilingual-MiniLM-L12-v2', 0.25],
      ['sentence-transformers/all-mpnet-base-v2', 0.25],
      ['sentence-transformers/multi-qa-mpnet-base-dot-v1', 0.25],
    ]
    for (const [id, threshold] of cases) {
      expect(embedderCalibration(id).similarityThreshold, id).toBe(threshold)
      // Semantic models bring what BM25 lacks: a full vote.
      expect(embedderCalibration(id).fusionWeight, id).toBe(1)
    }
  })

  it('keeps the spec default of 0.7 for unknown embedders and for none', () => {
    for (const id of ['some-org/custom-embedder', 'nomic-embed-text', '', null]) {
      expect(embedderCalibration(id)).toMatchObject({ similarityThreshold: 0.7, fusionWeight: 1 })
    }
    // A name that merely contains a family's letters is not that family.
    expect(embedderCalibration('org/my-bge-clone').similarityThreshold).toBe(0.7)
  })

  it('says where its numbers come from', () => {
    expect(embedderCalibration('hash-v1').basis).toMatch(/measured/)
    expect(embedderCalibration('Xenova/bge-small-en-v1.5').basis).toMatch(/model card/)
    expect(embedderCalibration(null).basis).toMatch(/spec default/)
  })
})

describe('defaultSimilarityThreshold', () => {
  it('is the calibration threshold, in [0, 1]', () => {
    for (const id of ['hash-v1', 'Xenova/bge-small-en-v1.5', 'Xenova/all-MiniLM-L6-v2', 'unknown/x', null]) {
      const threshold = defaultSimilarityThreshold(id)
      expect(threshold).toBe(embedderCalibration(id).similarityThreshold)
      expect(threshold).toBeGreaterThanOrEqual(0)
      expect(threshold).toBeLessThanOrEqual(1)
    }
  })
})
