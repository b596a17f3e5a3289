import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { WorkerIngestor } from './WorkerIngestor'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../', import.meta.url)))
const pdf = new Uint8Array(readFileSync(`${corpus}/pdf/pdfjs__tracemonkey.pdf`))
const markdown = new TextEncoder().encode('# Notes\n\nThe ferry stopped running when the river froze.\n')

describe('WorkerIngestor', () => {
  const ingestors: WorkerIngestor[] = []
  afterAll(() => Promise.all(ingestors.map((i) => i.close())))
  const make = (options: ConstructorParameters<typeof WorkerIngestor>[0]) => {
    const ingestor = new WorkerIngestor(options)
    ingestors.push(ingestor)
    return ingestor
  }

  it(
    'ingests in a worker thread, reporting progress, and leaves the caller’s bytes intact',
    { timeout: 60_000 },
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
    { timeout: 60_000 },
    async () => {
      const ingestor = make({ timeoutMs: 1 })
      const error = await ingestor.ingest({ bytes: pdf, filename: 'paper.pdf' }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ParseError)
      expect((error as ParseError).code).toBe('timeout')
      const relaxed = make({ timeoutMs: 30_000 })
      expect((await relaxed.ingest({ bytes: markdown, filename: 'notes.md' })).chunks.length).toBe(1)
    },
  )

  it('cancels on abort, and the pool recovers', { timeout: 60_000 }, async () => {
    const ingestor = make({})
    const controller = new AbortController()
    const pending = ingestor.ingest({ bytes: pdf, filename: 'paper.pdf', signal: controller.signal })
    controller.abort(new Error('deleted by the user'))
    await expect(pending).rejects.toThrow('deleted by the user')
    expect((await ingestor.ingest({ bytes: markdown, filename: 'notes.md' })).metadata.title).toBe('Notes')
  })
})
