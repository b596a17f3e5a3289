import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import { ingestFile } from '../../../web/core/ingest/ingestFile'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { textParsers } from '../../../web/core/ingest/parse/textParsers'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { closedAfterAll } from '../../test/closedAfterAll'
import { WorkerIngestor } from './WorkerIngestor'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../', import.meta.url)))
const pdf = new Uint8Array(readFileSync(`${corpus}/pdf/pdfjs__tracemonkey.pdf`))
const markdown = new TextEncoder().encode('# Notes\n\nThe ferry stopped running when the river froze.\n')

describe('WorkerIngestor', () => {
  const make = closedAfterAll(
    (options: ConstructorParameters<typeof WorkerIngestor>[0]) => new WorkerIngestor(options),
  )

  it(
    'ingests in a worker thread, reporting progress, and leaves the caller’s bytes intact',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const ingestor = make({})
      const stages = new Set<string>()
      const result = await ingestor.ingest({
        bytes: pdf,
        filename: 'paper.pdf',
        onProgress: (stage) => stages.add(stage),
      })
      expect(result.metadata.pages).toBe(14)
      expect(result.vectors[0]).toBeInstanceOf(Float32Array)
      expect([...stages]).toEqual(expect.arrayContaining(['parsing', 'embedding']))
      expect(pdf.byteLength).toBeGreaterThan(0)
    },
  )

  it(
    'stops a document at the time limit and keeps working for the next one',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const ingestor = make({ timeoutMs: 1 })
      const error = await ingestor.ingest({ bytes: pdf, filename: 'paper.pdf' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ParseError)
      expect((error as ParseError).code).toBe('timeout')
      const relaxed = make({ timeoutMs: scaledTimeout(30_000) })
      expect((await relaxed.ingest({ bytes: markdown, filename: 'notes.md' })).chunks.length).toBe(1)
    },
  )

  it(
    'starts its worker ahead of the first document and then ingests on it',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const ingestor = make({})
      ingestor.warm()
      ingestor.warm()
      const [first, second] = await Promise.all([
        ingestor.ingest({ bytes: markdown, filename: 'notes.md' }),
        ingestor.ingest({ bytes: pdf, filename: 'paper.pdf' }),
      ])
      expect(first.chunks.length).toBe(1)
      expect(second.metadata.pages).toBe(14)
    },
  )

  it('cancels on abort, and the pool recovers', { timeout: scaledTimeout(60_000) }, async () => {
    const ingestor = make({})
    const controller = new AbortController()
    const pending = ingestor.ingest({ bytes: pdf, filename: 'paper.pdf', signal: controller.signal })
    controller.abort(new Error('deleted by the user'))
    await expect(pending).rejects.toThrow('deleted by the user')
    expect((await ingestor.ingest({ bytes: markdown, filename: 'notes.md' })).metadata.title).toBe('Notes')
  })

  it(
    'brings a big result back in parts, whole and in order: chunks, vectors and text',
    { timeout: scaledTimeout(120_000) },
    async () => {
      // 4,100 paragraphs of 1,000 characters: thousands of chunks and over 4 million characters,
      // more than one part of each (1,000 chunks, 4,000,000 characters).
      const paragraphs = Array.from({ length: 4_100 }, (_, i) => `Paragraph ${i}: ${'word '.repeat(196)}end.`)
      const bytes = new TextEncoder().encode(paragraphs.join('\n\n'))
      const clock = { now: () => 0 }
      const [inWorker, inProcess] = await Promise.all([
        make({ limits: { maxChars: 10_000_000, maxChunks: 20_000 } }).ingest({ bytes, filename: 'big.txt' }),
        ingestFile(bytes, 'big.txt', { parsers: textParsers, embedder: hashEmbedder, clock }),
      ])
      expect(inWorker.chunks.length).toBeGreaterThan(2_000)
      expect(inWorker.text.length).toBeGreaterThan(4_000_000)
      expect(inWorker.text).toBe(inProcess.text)
      expect(inWorker.chunks).toEqual(inProcess.chunks)
      expect(inWorker.vectors).toEqual(inProcess.vectors)
      expect({ ...inWorker.metadata, processing_time_seconds: 0 }).toEqual(inProcess.metadata)
    },
  )

  it('applies the limits it is given in the worker', { timeout: scaledTimeout(60_000) }, async () => {
    const error = await make({ limits: { maxChars: 20, maxChunks: 10 } })
      .ingest({ bytes: markdown, filename: 'notes.md' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ParseError)
    expect((error as ParseError).code).toBe('too_large')
  })

  it('leaves the text out when the caller does not want it', { timeout: scaledTimeout(60_000) }, async () => {
    const result = await make({}).ingest({ bytes: markdown, filename: 'notes.md', wantText: false })
    expect(result.text).toBe('')
    expect(result.chunks.map((chunk) => chunk.text)).toEqual([
      'Notes\n\nThe ferry stopped running when the river froze.',
    ])
  })

  it(
    'fails a document that runs its worker out of memory as too large, and keeps working',
    { timeout: scaledTimeout(120_000) },
    async () => {
      const ingestor = make({ memoryMb: 128, limits: { maxChars: 100_000_000, maxChunks: 1_000_000 } })
      // 24 MB of tiny paragraphs: a few million elements in the parsed tree, far past 128 MB of heap.
      const page = new TextEncoder().encode(`<html><body>${'<p>x</p>'.repeat(3_000_000)}</body></html>`)
      const error = await ingestor.ingest({ bytes: page, filename: 'huge.html' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ParseError)
      expect(error).toMatchObject({
        code: 'too_large',
        message: expect.stringContaining(
          'more than 128 MB of memory, the most one document may use, so it was stopped. The server’s operator can raise INGEST_MEMORY_MB',
        ),
      })
      expect((await ingestor.ingest({ bytes: markdown, filename: 'notes.md' })).metadata.title).toBe('Notes')
    },
  )

  it(
    'reads a stored file by its path in the worker, and fails a missing one as corrupt',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'quire-ingest-path-'))
      try {
        const path = join(dir, 'stored')
        writeFileSync(path, markdown)
        const ingestor = make({})
        expect(ingestor.readsStoredFiles).toBe(true)
        const result = await ingestor.ingest({ storedPath: path, filename: 'notes.md' })
        expect(result.chunks.map((chunk) => chunk.text)).toEqual([
          'Notes\n\nThe ferry stopped running when the river froze.',
        ])
        const error = await ingestor
          .ingest({ storedPath: join(dir, 'gone'), filename: 'notes.md' })
          .catch((e: unknown) => e)
        expect(error).toMatchObject({ code: 'corrupt', message: expect.stringContaining('missing') })
        expect(JSON.stringify(error)).not.toContain(dir)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  )
})
