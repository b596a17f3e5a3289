import { afterEach, describe, expect, it, vi } from 'vitest'
import { benchmarks } from './benchmarks'
import {
  documentStallSettingsFromEnv,
  measureDocumentStall,
  TARGET_WORST_MS,
  type DocumentStallLine,
} from './document-stall'
import { findProblems } from './lib/findProblems'
import { generatedText } from './lib/generatedText'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.

describe('document-stall', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('document-stall')
  })

  it(
    'uploads a generated document to a server process and reports /health while it is processed',
    async () => {
      const emitted: DocumentStallLine[] = []
      const lines = await measureDocumentStall(
        { emit: (line) => emitted.push(line), progress: () => {} },
        { sizesMb: [0.05], limits: ['default', 'raised'] },
      )
      expect(emitted).toEqual(lines)
      expect(lines.map((line) => line.case)).toEqual([
        '0.05 MB text, default limits',
        '0.05 MB text, raised limits',
      ])
      for (const line of lines) {
        expect(line).toMatchObject({
          benchmark: 'document-stall',
          document_mb: 0.05,
          status: 'completed',
          error: null,
          health_errors: 0,
          target_worst_ms: TARGET_WORST_MS,
          node: process.version,
        })
        expect(line.chunk_count).toBeGreaterThan(0)
        expect(line.health_requests).toBeGreaterThan(0)
        for (const field of ['upload_ms', 'processing_ms', 'health_p50_ms', 'health_p99_ms'] as const) {
          expect(line[field], field).toBeGreaterThanOrEqual(0)
        }
        expect(line.health_worst_ms).toBeGreaterThanOrEqual(line.health_p99_ms)
      }
    },
    // Two server processes started and stopped, under tsx.
    scaledTimeout(120_000),
  )

  it('has findProblems report a worst /health answer over the target', () => {
    const line = { benchmark: 'document-stall', case: 'x', health_worst_ms: 150, target_worst_ms: 100 }
    expect(findProblems([line as never])).toEqual([
      'document-stall / x: worst /health 150 ms is over the 100 ms target',
    ])
    expect(findProblems([{ ...line, health_worst_ms: 99 } as never])).toEqual([])
  })

  it('reads BENCH_STALL_SIZES_MB', () => {
    expect(documentStallSettingsFromEnv({}).sizesMb).toEqual([10, 100])
    expect(documentStallSettingsFromEnv({ BENCH_STALL_SIZES_MB: '1, 20' }).sizesMb).toEqual([1, 20])
    expect(() => documentStallSettingsFromEnv({ BENCH_STALL_SIZES_MB: '10,lots' })).toThrow(
      /BENCH_STALL_SIZES_MB/,
    )
  })

  it('generates the same prose every time, at least as many bytes as asked', () => {
    const articles = [{ title: 'A', sentences: Array.from({ length: 20 }, (_, i) => `Sentence ${i} ends.`) }]
    const text = generatedText(articles, 5_000)
    expect(text.length).toBeGreaterThanOrEqual(5_000)
    expect(text.length).toBeLessThan(5_000 + 200)
    expect(generatedText(articles, 5_000)).toEqual(text)
    expect(new TextDecoder().decode(text)).toMatch(/^(Sentence \d+ ends\.( |\n\n))+$/)
  })
})
