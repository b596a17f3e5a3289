import { statSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import { corpusFile } from './lib/corpusFile'
import { corpusUploadFiles } from './lib/corpusUploadFiles'
import { findProblems } from './lib/findProblems'
import {
  measureSync,
  type SyncDelayLine,
  type SyncDocumentDelayLine,
  type SyncDocumentsLine,
  type SyncLine,
  type SyncThroughputLine,
} from './sync'
import { scaledTimeout } from '../web/core/testing/node/scaledTimeout'

// Tests the harness, not the speed: tiny sizes, no assertion on how fast anything is. measureSync
// itself throws when a device ends up with other records or documents than it should, or an edit or
// a document never arrives.
describe('sync benchmark', () => {
  it('is in the registry', () => {
    expect(benchmarks.map((benchmark) => benchmark.name)).toContain('sync')
  })

  it(
    'measures push, first full sync and change-to-arrival delay of records and documents over HTTP',
    async () => {
      const emitted: SyncLine[] = []
      const progress: string[] = []
      const lines = await measureSync(
        { emit: (line) => emitted.push(line), progress: (message) => progress.push(message) },
        { records: 150, runs: 2, edits: 6, editRecords: 5, documents: 6, documentEdits: 3 },
      )
      expect(emitted).toEqual(lines)
      expect(progress.filter((message) => message.includes('server error'))).toEqual([])
      expect(lines.map((line) => line.case)).toEqual([
        'push of 150 new records from one device',
        'first full sync of 150 records to a new device',
        'change-to-arrival delay, single-field edit, events stream (6 edits)',
        'first full sync of 6 documents to a new device',
        'first full sync of 150 records and 6 documents to a new device',
        'document change-to-arrival delay, processed on device A, events stream (3 documents)',
      ])
      // The table for people names every case.
      const table = progress.at(-1)!
      for (const line of lines) expect(table).toContain(line.case)
      for (const line of lines) {
        expect(line.benchmark).toBe('sync')
        expect(new Date(line.date).toISOString()).toBe(line.date)
      }
      const [push, full, delay, documents, both, documentDelay] = lines as [
        SyncThroughputLine,
        SyncThroughputLine,
        SyncDelayLine,
        SyncDocumentsLine,
        SyncDocumentsLine,
        SyncDocumentDelayLine,
      ]
      expect(push).toMatchObject({ phase: 'push', records: 150, runs: 2, rounds: 1 })
      expect(full).toMatchObject({ phase: 'first full sync', records: 150, runs: 2 })
      // One round pulls everything (150 < one page), a second finds nothing: quiet.
      expect(full.rounds).toBe(2)
      for (const line of [push, full]) {
        expect(line.runs_ms).toHaveLength(2)
        for (const ms of line.runs_ms) expect(ms).toBeGreaterThan(0)
        expect(line.median_ms).toBeCloseTo((line.runs_ms[0]! + line.runs_ms[1]!) / 2, 0)
        expect(line.records_per_sec).toBeGreaterThan(0)
        expect(line.transport_ms).toBeGreaterThan(0)
        expect(line.transport_ms).toBeLessThanOrEqual(Math.max(...line.runs_ms))
      }
      expect(delay).toMatchObject({ edits: 6, records: 5 })
      expect(delay.p50_ms).toBeGreaterThan(0)
      expect(delay.p50_ms).toBeLessThanOrEqual(delay.p95_ms)
      expect(delay.p95_ms).toBeLessThanOrEqual(delay.max_ms)

      // Six distinct corpus files: each one file blob and one chunk blob, the files' bytes exactly.
      const fileBytes = corpusUploadFiles()
        .slice(0, 6)
        .reduce((sum, path) => sum + statSync(corpusFile(path)).size, 0)
      expect(documents).toMatchObject({ documents: 6, records: 0, runs: 2, records_per_sec: null })
      expect(both).toMatchObject({ documents: 6, records: 150, runs: 2 })
      for (const line of [documents, both]) {
        expect(line).toMatchObject({ file_blobs: 6, chunk_blobs: 6, file_bytes: fileBytes })
        expect(line.chunks).toBeGreaterThan(6)
        expect(line.downloaded_bytes).toBe(line.file_bytes + line.chunk_blob_bytes)
        expect(line.runs_ms).toHaveLength(2)
        expect(line.documents_per_sec).toBeGreaterThan(0)
        expect(line.blob_ms).toBeGreaterThan(0)
        expect(line.transport_ms).toBeGreaterThan(0)
        expect(line.blob_ms + line.transport_ms).toBeLessThanOrEqual(Math.max(...line.runs_ms))
      }
      expect(both.chunks).toBe(documents.chunks)
      expect(both.records_per_sec).toBeGreaterThan(0)
      expect(documentDelay).toMatchObject({ documents: 3 })
      expect(documentDelay.chunks_per_document).toBeGreaterThan(0)
      expect(documentDelay.bytes_per_document).toBeGreaterThan(0)
      expect(documentDelay.p50_ms).toBeGreaterThan(0)
      expect(documentDelay.p50_ms).toBeLessThanOrEqual(documentDelay.p95_ms)
      expect(findProblems(lines)).toEqual([])
    },
    scaledTimeout(180_000),
  )
})
