import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import type { BenchResult } from './lib/BenchResult'
import { findProblems } from './lib/findProblems'
import { firstHitRank, retrievalQuality } from './lib/retrievalQuality'
import { retrievalTable } from './lib/retrievalTable'
import { measureRetrieval, retrieval, type RetrievalLine, retrievalProblems } from './retrieval'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// The harness and what the requirement checks read; the numbers themselves are the benchmark's.

describe('retrievalQuality', () => {
  it('computes recall@1, recall@5 and MRR@10 from the rank of the first answering text', () => {
    const ranked = [
      { retrieved: ['has 308 points', 'x'], answers: ['308'] }, // rank 1
      { retrieved: ['a', 'b', 'the four balls'], answers: ['five', 'four'] }, // rank 3
      { retrieved: ['a', 'b', 'c', 'd', 'e', 'f', 'answer here'], answers: ['answer'] }, // rank 7
      { retrieved: ['nothing'], answers: ['missing'] }, // none
    ]
    expect(ranked.map(firstHitRank)).toEqual([1, 3, 7, null])
    const quality = retrievalQuality(ranked)
    expect(quality.recall_at_1).toBe(0.25)
    expect(quality.recall_at_5).toBe(0.5)
    expect(quality.mrr_at_10).toBeCloseTo((1 + 1 / 3 + 1 / 7) / 4, 12)
    expect(quality.questions).toBe(4)
    // Rank 11 is past MRR@10.
    const deep = Array.from({ length: 11 }, (_, i) => (i === 10 ? 'answer' : 'no'))
    expect(retrievalQuality([{ retrieved: deep, answers: ['answer'] }]).mrr_at_10).toBe(0)
    expect(() => retrievalQuality([])).toThrow(RangeError)
  })

  it('prints an aligned table', () => {
    const table = retrievalTable([
      { case: 'bm25', recall_at_1: 0.9, recall_at_5: 0.99, mrr_at_10: 0.95 },
      { case: 'hybrid, default threshold', recall_at_1: 0.91234, recall_at_5: 1, mrr_at_10: 0.9 },
    ])
    const lines = table.split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^case\s+R@1\s+R@5\s+MRR@10$/u)
    expect(lines[2]).toMatch(/^hybrid, default threshold\s+0\.912\s+1\.000\s+0\.900$/u)
    expect(new Set(lines.map((line) => line.length)).size).toBe(1)
  })
})

describe('retrievalProblems', () => {
  const line = (method: RetrievalLine['method'], name: string, recall5: number): RetrievalLine => ({
    benchmark: 'retrieval',
    case: name,
    method,
    embedder: 'hash-v1',
    similarity_threshold: method === 'bm25' ? null : 0.15,
    recall_at_1: 0.9,
    recall_at_5: recall5,
    mrr_at_10: 0.9,
    questions: 632,
    chunks: 119,
    node: process.version,
    date: new Date().toISOString(),
  })

  it('asks hybrid at the default threshold to reach 0.90 recall@5 and not fall below BM25', () => {
    expect(
      retrievalProblems([line('bm25', 'bm25', 0.95), line('hybrid', 'hybrid, default threshold 0.15', 0.95)]),
    ).toEqual([])
    expect(
      retrievalProblems([line('bm25', 'bm25', 0.95), line('hybrid', 'hybrid, default threshold 0.15', 0.94)]),
    ).toEqual([expect.stringMatching(/below BM25/)])
    expect(
      retrievalProblems([line('bm25', 'bm25', 0.8), line('hybrid', 'hybrid, default threshold 0.15', 0.85)]),
    ).toEqual([expect.stringMatching(/under 0.9/)])
    // Threshold 0 is not the default: it does not count.
    expect(
      retrievalProblems([line('bm25', 'bm25', 0.9), line('hybrid', 'hybrid, threshold 0', 0.99)]),
    ).toHaveLength(1)
  })
})

describe('retrieval benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks).toContain(retrieval)
  })

  it(
    'emits one line per way of searching over the real xquad-en ingest, and meets issues 4 and 28',
    async () => {
      const emitted: RetrievalLine[] = []
      const progress: string[] = []
      const lines = await measureRetrieval({
        emit: (l) => emitted.push(l),
        progress: (m) => progress.push(m),
      })
      expect(emitted).toEqual(lines)
      expect(lines.map((l) => l.method)).toEqual(['bm25', 'vector', 'vector', 'hybrid', 'hybrid'])
      for (const l of lines) {
        expect(l.benchmark).toBe('retrieval')
        expect(l.questions).toBe(632)
        expect(l.chunks).toBeGreaterThan(100)
        for (const value of [l.recall_at_1, l.recall_at_5, l.mrr_at_10]) {
          expect(value).toBeGreaterThan(0)
          expect(value).toBeLessThanOrEqual(1)
        }
        expect(l.recall_at_1).toBeLessThanOrEqual(l.recall_at_5)
      }
      expect(retrievalProblems(lines)).toEqual([])
      // The table went to progress (stderr), never to the result lines.
      expect(progress.some((m) => m.includes('MRR@10'))).toBe(true)
      // run.ts checks lines for failed requests: these must never look like failed load tests.
      expect(findProblems(lines as BenchResult[])).toEqual([])
    },
    scaledTimeout(120_000),
  )
})
