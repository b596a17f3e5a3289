import { describe, expect, it } from 'vitest'
import type { SyncDelayLine, SyncDocumentsLine } from './SyncLine'
import { syncTable } from './syncTable'

const common = { benchmark: 'sync', node: 'v20', date: '2026-01-01T00:00:00.000Z' }

describe('syncTable', () => {
  it('aligns a header and one row per line, with the figures each kind of line has', () => {
    const documents: SyncDocumentsLine = {
      ...common,
      case: 'first full sync of 100 documents to a new device',
      phase: 'first full sync',
      documents: 100,
      records: 0,
      chunks: 5000,
      runs: 3,
      median_ms: 3169.84,
      documents_per_sec: 31.5,
      records_per_sec: null,
      runs_ms: [3000, 3169.84, 3300],
      rounds: 2,
      transport_ms: 8,
      blob_ms: 480,
      downloaded_bytes: 3 * 2 ** 20,
      file_blobs: 21,
      file_bytes: 2 ** 20,
      chunk_blobs: 100,
      chunk_blob_bytes: 2 * 2 ** 20,
    }
    const delay: SyncDelayLine = {
      ...common,
      case: 'change-to-arrival delay (200 edits)',
      p50_ms: 7.94,
      p95_ms: 19.61,
      p99_ms: 24,
      mean_ms: 9,
      max_ms: 34,
      edits: 200,
      records: 100,
    }
    const rows = syncTable([documents, delay]).split('\n')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toMatch(/^case +n +median\/p50 ms +p95 ms +rate +downloaded$/)
    expect(rows[1]).toContain('3 runs')
    expect(rows[1]).toContain('3169.8')
    expect(rows[1]).toContain('31.5 docs/s')
    expect(rows[1]).toContain('3.0 MiB (21 files, 100 chunk blobs)')
    expect(rows[2]).toMatch(/200 edits +7\.9 +19\.6$/)
    // Right-aligned figures end in the same column as their header.
    const end = rows[0]!.indexOf('median/p50 ms') + 'median/p50 ms'.length
    expect(rows[1]!.slice(0, end)).toMatch(/3169\.8$/)
    expect(rows[2]!.slice(0, end)).toMatch(/7\.9$/)
  })
})
