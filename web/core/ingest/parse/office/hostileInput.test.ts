import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import type { DocumentParser } from '../../DocumentModel'
import { ParseError } from '../../ParseError'
import { corpusDir } from '../../../testing/corpusDir'
import { docParser } from './doc/docParser'
import { docxParser } from './docx/docxParser'
import { pptParser } from './ppt/pptParser'
import { pptxParser } from './pptx/pptxParser'
import { seededRandom } from '../../../testing/seededRandom'

const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url))
const corpus = (name: string) => new Uint8Array(readFileSync(`${corpusDir(process.env, repoRoot)}/${name}`))

/** A small seeded PRNG (mulberry32), so a failure reproduces. */
const random = seededRandom

/** Damaged copies of a file: random byte overwrites and truncations. */
function* damaged(bytes: Uint8Array, seed: number, count: number): Generator<Uint8Array> {
  const next = random(seed)
  for (let i = 0; i < count; i++) {
    const copy = bytes.slice(0, i % 5 === 4 ? Math.floor(next() * bytes.length) : bytes.length)
    const edits = 1 + Math.floor(next() * 16)
    for (let e = 0; e < edits && copy.length > 0; e++)
      copy[Math.floor(next() * copy.length)] = Math.floor(next() * 256)
    yield copy
  }
}

// A damaged file must end as a document or a ParseError, never as another exception or a hang
// (each case runs well inside the test timeout).
const cases: [string, DocumentParser, string][] = [
  ['doc', docParser, 'doc/docling__legacy_sample.doc'],
  ['ppt', pptParser, 'ppt/docling__legacy_sample.ppt'],
  ['docx', docxParser, 'docx/docling__word_sample.docx'],
  ['pptx', pptxParser, 'pptx/docling__powerpoint_sample.pptx'],
]

describe('office parsers on damaged files', () => {
  it.each(cases)('%s: every damaged copy parses or fails with a ParseError', async (_kind, parser, file) => {
    const original = corpus(file)
    let failures = 0
    for (const bytes of damaged(original, 20240611, 150)) {
      const outcome = await parser.parse(bytes, {}).catch((caught: unknown) => caught)
      if (outcome instanceof Error) {
        expect(outcome).toBeInstanceOf(ParseError)
        failures++
      }
    }
    // Most single-byte damage lands in text or padding and the file still reads.
    expect(failures).toBeLessThan(150)
  })

  it.each(cases)('%s: an aborted signal stops the parse with a timeout error', async (kind, parser, file) => {
    const controller = new AbortController()
    controller.abort()
    const outcome = await parser
      .parse(corpus(file), { signal: controller.signal })
      .catch((caught: unknown) => caught)
    // Binary formats are read in one step; the check between parts applies to the zipped ones.
    if (kind === 'docx' || kind === 'pptx') expect((outcome as ParseError).code).toBe('timeout')
  })
})
