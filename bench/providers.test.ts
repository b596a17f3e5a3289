import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import { measureProviders, type ProviderLine } from './providers'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Tests the harness, not the speed: no assertion on how fast anything is, which depends on the machine.

describe('providers benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((b) => b.name)).toContain('providers')
  })

  it(
    'times the whole fixed answer on each path, with ratios against the direct read',
    async () => {
      const emitted: ProviderLine[] = []
      const lines = await measureProviders({ emit: (line) => emitted.push(line), progress: () => {} })
      expect(emitted).toEqual(lines)
      expect(lines.map((line) => line.path)).toEqual(['direct', 'ai-providers-chat', 'document-chat-stream'])
      for (const line of lines) {
        expect(line).toMatchObject({ benchmark: 'providers', tokens: 500, runs: 5 })
        expect(line.ttft_ms).toBeGreaterThan(0)
        expect(line.tokens_per_s).toBeGreaterThan(0)
      }
      expect(lines[0]).not.toHaveProperty('ttft_ratio')
      for (const line of lines.slice(1)) {
        expect(line.ttft_ratio).toBeGreaterThan(0)
        expect(line.throughput_overhead).toBeGreaterThan(0)
      }
    },
    scaledTimeout(120_000),
  )
})
