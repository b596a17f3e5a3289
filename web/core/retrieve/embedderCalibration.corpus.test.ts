import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { hashEmbedder } from '../ingest/embed/hashEmbedder'
import { corpusDir } from '../testing/corpusDir'
import { xquadQuestions } from '../testing/node/xquadQuestions'
import { embedderCalibration } from './embedderCalibration'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const xquad = `${corpusDir(process.env, repoRoot)}/qa/xquad-en`

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i]!, 0)

/**
 * The hash-v1 threshold is the edge of chance: where cosines between a question and passages of
 * unrelated articles end. Re-derived here from the corpus, so a change to hash-v1's features that
 * moves its cosine scale fails this test instead of silently mis-filtering every search.
 * Paragraphs stand in for chunks (the scale is what matters, not the chunking).
 */
describe('the hash-v1 calibration on xquad-en', () => {
  it('sits at the 95th percentile of unrelated-passage cosines, under most answering passages', async () => {
    const paragraphs: Array<{ doc: string; text: string }> = []
    for (const file of readdirSync(`${xquad}/docs`).sort()) {
      for (const block of readFileSync(`${xquad}/docs/${file}`, 'utf8').split(/\n\s*\n/u)) {
        const text = block.trim()
        if (text !== '' && !text.startsWith('#')) paragraphs.push({ doc: `docs/${file}`, text })
      }
    }
    const questions = xquadQuestions(xquad)
    const passageVectors = await hashEmbedder.embed(paragraphs.map((paragraph) => paragraph.text))
    const questionVectors = await hashEmbedder.embed(questions.map((question) => question.question))

    const unrelated: number[] = []
    const answering: number[] = []
    questions.forEach((question, q) => {
      let best = -1
      paragraphs.forEach((paragraph, p) => {
        const cosine = dot(questionVectors[q]!, passageVectors[p]!)
        if (paragraph.doc !== question.doc) unrelated.push(cosine)
        else if (question.answers.some((answer) => paragraph.text.includes(answer)))
          best = Math.max(best, cosine)
      })
      if (best > -1) answering.push(best)
    })

    const { similarityThreshold } = embedderCalibration(hashEmbedder.id)
    // At most one unrelated passage in ten gets through, at least one in a hundred (not so strict
    // that related passages go too).
    expect(similarityThreshold).toBeGreaterThanOrEqual(percentile(unrelated, 0.9))
    expect(similarityThreshold).toBeLessThanOrEqual(percentile(unrelated, 0.99))
    // Most answering passages pass it.
    expect(similarityThreshold).toBeLessThan(percentile(answering, 0.15))
    // The spec's 0.7 would let almost none through.
    expect(percentile(answering, 0.99)).toBeLessThan(0.7)
  })
})
