import { describe, expect, it } from 'vitest'
import { hashEmbedder } from './embed/hashEmbedder'
import { ingestFile, type IngestStage } from './ingestFile'
import { ParseError } from './ParseError'
import { textParsers } from './parse/textParsers'

const ports = { parsers: textParsers, embedder: hashEmbedder, clock: { now: () => 0 } }
const markdown = new TextEncoder().encode(
  `# Lifetimes\n\nEvery reference in Rust has a lifetime.\n\n## Elision\n\n${'The compiler infers lifetimes in common patterns. '.repeat(120)}`,
)

describe('ingestFile', () => {
  it('parses, chunks and embeds, reporting progress in order and filling metadata', async () => {
    const steps: Array<[IngestStage, number]> = []
    const result = await ingestFile(markdown, 'notes.md', ports, { onProgress: (s, p) => steps.push([s, p]) })
    expect(result.kind).toBe('markdown')
    expect(result.chunks.length).toBeGreaterThan(2)
    expect(result.vectors).toHaveLength(result.chunks.length)
    expect(result.vectors.every((v) => v.length === 384)).toBe(true)
    expect(result.metadata).toEqual({
      processing_time_seconds: 0,
      word_count: expect.any(Number),
      title: 'Lifetimes',
      language: 'en',
      embedder: 'hash-v1',
    })
    expect(steps[0]).toEqual(['parsing', 0])
    expect(steps.at(-1)).toEqual(['embedding', 100])
    const percents = steps.map(([, p]) => p)
    expect([...percents].sort((a, b) => a - b)).toEqual(percents)
    expect(result.chunks.slice(1).every((c) => c.heading !== null)).toBe(true)
  })

  it('fails with a readable ParseError and stops when cancelled', async () => {
    await expect(ingestFile(new TextEncoder().encode('   '), 'blank.txt', ports)).rejects.toBeInstanceOf(
      ParseError,
    )
    const controller = new AbortController()
    controller.abort(new Error('cancelled by the user'))
    await expect(ingestFile(markdown, 'notes.md', ports, { signal: controller.signal })).rejects.toThrow()
  })
})
