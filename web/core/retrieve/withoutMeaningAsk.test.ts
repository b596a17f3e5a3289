import { describe, expect, it } from 'vitest'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { DocumentRecord } from '../store/DocumentRecord'
import { arraySearchPorts } from '../testing/arraySearchPorts'
import { newChunk, newCollection, newDocument } from '../testing/conformance/store/fixtures'
import { searchChunks } from './searchChunks'
import { withoutMeaningAsk } from './withoutMeaningAsk'

describe('withoutMeaningAsk', () => {
  it('drops the words asking what something means, however it is asked', () => {
    expect(withoutMeaningAsk('what does saturation mean?')).toBe('what does saturation ?')
    expect(withoutMeaningAsk('what do they mean by saturation')).toBe('what do they by saturation')
    expect(withoutMeaningAsk('meaning of root cause')).toBe('of root cause')
    expect(withoutMeaningAsk("what's the definition of a root cause")).toBe("what's the of a root cause")
    expect(withoutMeaningAsk('saturation meaning')).toBe('saturation')
    expect(withoutMeaningAsk('what does SSP stand for')).toBe('what does SSP')
  })

  it('keeps "mean" where a question asks of a mean', () => {
    expect(withoutMeaningAsk('what was the mean latency in 2023')).toBe('what was the mean latency in 2023')
    expect(withoutMeaningAsk('mean score by site')).toBe('mean score by site')
  })

  it('lets search find the passage on the term, not the document whose opening prints a "Mean" column', async () => {
    const collectionId = newCollection().id
    const documents: DocumentRecord[] = []
    const chunks: ChunkRecord[] = []
    const add = (name: string, passages: string[]) => {
      const document: DocumentRecord = {
        ...newDocument(collectionId),
        original_filename: name,
        status: 'completed',
        chunk_count: passages.length,
      }
      documents.push(document)
      passages.forEach((text, i) =>
        chunks.push(newChunk(document, i, { text, embedder: null, vector: null })),
      )
    }
    add('site-readings.docx', [
      'Site readings | Mean (mmol/l) | Mean score | Mean change',
      'North | mean 0.37 | mean 0.74 | mean 1.07',
      'South | mean 0.34 | mean 0.55 | mean 0.92',
      'East | mean 0.31 | mean 0.52 | mean 0.90',
      'West | mean 0.30 | mean 0.50 | mean 0.88',
    ])
    add('monitoring-guide.html', [
      ...Array.from({ length: 8 }, (_, i) => `Chapter ${i + 1} covers dashboards, alerts and on-call rotas.`),
      'Saturation is how full your service is: the share of its most constrained resource in use.',
    ])
    const { ports } = arraySearchPorts(documents, chunks)
    const found = await searchChunks(ports, {
      queries: ['what does saturation mean'],
      collectionIds: [collectionId],
      topK: 1,
      hybrid: true,
    })
    expect(found.chunks[0]!.chunk.text).toMatch(/^Saturation is how full/u)
  })
})
