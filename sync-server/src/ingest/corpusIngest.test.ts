import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import { ingestFile, type IngestResult } from '../../../web/core/ingest/ingestFile'
import { ParseError, type ParseErrorCode } from '../../../web/core/ingest/ParseError'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { corpusExpectations as expectations } from '../../../web/core/testing/corpusExpectations'
import { systemClock } from '../../../web/core/kernel/time/Clock'
import { nodeParsers } from './nodeParsers'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
const corpus = corpusDir(process.env, repoRoot)
const ports = { parsers: nodeParsers, embedder: hashEmbedder, clock: systemClock }

async function outcome(file: string, password?: string): Promise<IngestResult | ParseError> {
  const bytes = new Uint8Array(readFileSync(join(corpus, file)))
  try {
    // The reading limit is sized for a quiet machine (TAMReview's 60 s ran out on a loaded one): the
    // outcome is the point here, so it grows with the run's measured slowdown.
    return await ingestFile(bytes, file.split('/').pop() ?? file, ports, {
      password,
      timeoutMs: scaledTimeout(60_000),
    })
  } catch (error) {
    if (error instanceof ParseError) return error
    throw error
  }
}

describe('every corpus file reaches the outcome its README lists (parse, chunk, embed)', () => {
  it('covers every file of the corpus', () => {
    const files = readdirSync(corpus)
      .filter((dir) => dir !== 'qa' && !dir.includes('.'))
      .flatMap((dir) => readdirSync(join(corpus, dir)).map((name) => `${dir}/${name}`))
    expect(files.sort()).toEqual(Object.keys(expectations).sort())
  })

  for (const [file, expected] of Object.entries(expectations)) {
    it(file, { timeout: scaledTimeout(120_000) }, async () => {
      const result = await outcome(file)
      if ('either' in expected) return
      if (!expected.completed) {
        expect(result, `${file} should fail`).toBeInstanceOf(ParseError)
        const codes = ([] as ParseErrorCode[]).concat(expected.code)
        expect(codes).toContain((result as ParseError).code)
        expect((result as ParseError).message.length).toBeGreaterThan(10)
        return
      }
      if (result instanceof ParseError) throw new Error(`${file} failed: ${result.code}: ${result.message}`)
      expect(result.chunks.length).toBeGreaterThan(0)
      expect(result.vectors).toHaveLength(result.chunks.length)
      expect(result.metadata.word_count).toBeGreaterThan(0)
      expect(result.metadata.embedder).toBe('hash-v1')
      if (expected.pages !== undefined) expect(result.metadata.pages).toBe(expected.pages)
      if (expected.contains) expect(result.chunks.map((c) => c.text).join('\n')).toMatch(expected.contains)
    })
  }

  it('opens the password-protected PDF with its password', { timeout: scaledTimeout(60_000) }, async () => {
    const opened = await outcome('pdf/pdfplumber__password-example.pdf', 'test')
    expect(opened).not.toBeInstanceOf(ParseError)
    const wrong = await outcome('pdf/pdfplumber__password-example.pdf', 'nope')
    expect((wrong as ParseError).code).toBe('wrong_password')
  })
})
