import { describe, expect, it } from 'vitest'
import { fileSource } from '../../testing/answerSource'
import { composedAnswer } from '../../testing/composedAnswer'
import { columnListed } from './columnListed'

const results = fileSource(
  2,
  'Evaluation results\n\nTable 2 compares the three retrievers on the two benchmarks.\n\nMethod | NQ recall@20 | Latency (ms)\nBM25 | 62.9 | 12\nDPR | 78.4 | 35\nHybrid | 81.2 | 41',
  'results.md',
  'Evaluation results',
)
const guide = fileSource(
  1,
  'Features\n\nDuplicate finder that compares image content, not file names',
  'photon.md',
  'Features',
)

describe('columnListed', () => {
  it("lists the cells of the column whose header names the ask's head noun", () => {
    expect(columnListed('methods', [guide, results])).toEqual([
      'Method [2]',
      '\n- BM25',
      '\n- DPR',
      '\n- Hybrid',
    ])
    expect(columnListed('states', [guide, results])).toBeNull()
  })

  it('lists the table the ask names by its number, or by more of its words', () => {
    const mixadapt = fileSource(
      3,
      '5 Results\n\nTable 4: Average accuracy (%).\n\nMethod | GLUE\nFull fine-tuning | 86.1\nMixAdapt | 85.9',
      'mixadapt.md',
      'MixAdapt > 5 Results',
    )
    const sources = [results, mixadapt]
    expect(columnListed('methods', sources, [], 'which methods are compared in table 4')?.[0]).toBe(
      'Method [3]',
    )
    expect(columnListed('methods', sources, ['methods', 'mixadapt'])?.[0]).toBe('Method [3]')
    expect(columnListed('methods', sources, ['methods'])?.[0]).toBe('Method [2]')
  })

  it('answers "which methods were compared" with them, not with a sentence sharing its verb', () => {
    expect(composedAnswer('which methods were compared', [guide, results]).text).toBe(
      'Method [2]\n- BM25\n- DPR\n- Hybrid',
    )
  })
})
