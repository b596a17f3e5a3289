import { describe, expect, it } from 'vitest'
import { CharacterBudget } from './CharacterBudget'
import { chunkDocument } from './chunk/chunkDocument'
import { hashEmbedder } from './embed/hashEmbedder'
import { ingestFile } from './ingestFile'
import { DEFAULT_INGEST_LIMITS } from './IngestLimits'
import { ParseError } from './ParseError'
import { textParsers } from './parse/textParsers'
import { parseErrorOf } from '../testing/parseErrorOf'

const ports = { parsers: textParsers, embedder: hashEmbedder, clock: { now: () => 0 } }
const encode = (text: string) => new TextEncoder().encode(text)

describe('CharacterBudget', () => {
  it('allows exactly the limit and throws too_large at the text that passes it', () => {
    const budget = new CharacterBudget(10)
    budget.spend('12345')
    budget.spend(5)
    expect(budget.used).toBe(10)
    const error = (() => {
      try {
        budget.spend('x')
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(ParseError)
    expect(error).toMatchObject({
      code: 'too_large',
      message:
        'The document expands to more than 10 characters of text; the limit is 10 characters per document. Split it into smaller files.',
    })
  })

  it('has no limit by default', () => {
    const budget = new CharacterBudget()
    budget.spend(Number.MAX_SAFE_INTEGER)
    expect(budget.used).toBe(Number.MAX_SAFE_INTEGER)
  })
})

describe('chunkDocument with maxChunks', () => {
  const sections = (count: number) => ({
    blocks: Array.from({ length: count }, (_, i) => [
      { kind: 'heading' as const, text: `Part ${i}`, level: 1, headingPath: [] },
      { kind: 'paragraph' as const, text: `The text of part ${i}.`, headingPath: [`Part ${i}`] },
    ]).flat(),
  })

  it('makes up to maxChunks chunks and throws too_large at the one past it', () => {
    expect(chunkDocument(sections(3), { maxChunks: 3 })).toHaveLength(3)
    expect(() => chunkDocument(sections(4), { maxChunks: 3 })).toThrow(
      'The document expands to more than 3 passages (chunks); the limit is 3 passages per document.',
    )
  })
})

describe('ingestFile limits', () => {
  it('fails a document past maxChars before chunking it, and takes one at the limit', async () => {
    const limits = { maxChars: 50, maxChunks: 10 }
    const atLimit = `${'a'.repeat(20)}\n\n${'b'.repeat(30)}`
    expect((await ingestFile(encode(atLimit), 'notes.txt', ports, { limits })).chunks).toHaveLength(1)
    const stages: string[] = []
    const over = await parseErrorOf(
      ingestFile(encode(`${atLimit}\n\nc`), 'notes.txt', ports, {
        limits,
        onProgress: (stage) => stages.push(stage),
      }),
    )
    expect(over.code).toBe('too_large')
    expect(over.message).toMatch(/more than 50 characters of text; the limit is 50 characters per document/)
    expect(stages).not.toContain('chunking')
  })

  it('fails a document cut into more than maxChunks chunks before embedding it', async () => {
    const markdown = Array.from({ length: 4 }, (_, i) => `# Part ${i}\n\nText ${i}.`).join('\n\n')
    const stages: string[] = []
    const error = await parseErrorOf(
      ingestFile(encode(markdown), 'notes.md', ports, {
        limits: { maxChars: 1_000, maxChunks: 3 },
        onProgress: (stage) => stages.push(stage),
      }),
    )
    expect(error.code).toBe('too_large')
    expect(stages).not.toContain('embedding')
  })

  it('applies DEFAULT_INGEST_LIMITS when the host gives none (the browser does not)', async () => {
    const paragraph = `${'x'.repeat(1_000)}\n\n`
    const text = paragraph.repeat(DEFAULT_INGEST_LIMITS.maxChars / 1_000) + 'one more'
    const error = await parseErrorOf(ingestFile(encode(text), 'big.txt', ports))
    expect(error.code).toBe('too_large')
    expect(error.message).toContain('more than 10,000,000 characters of text')
  })
})
