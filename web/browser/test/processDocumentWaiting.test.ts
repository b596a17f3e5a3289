import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { DexieFileStore } from '../store/DexieFileStore'
import { DexieStore } from '../store/DexieStore'
import { QuireDatabase } from '../store/QuireDatabase'
import { newCollection, newDocument } from '../../core/store/conformance/fixtures'
import { processDocument } from '../../core/documents/processDocument'
import type { IngestRequest } from '../../core/documents/Ingestor'
import { ingestFile } from '../../core/ingest/ingestFile'
import { textParsers } from '../../core/ingest/parse/textParsers'
import { hashEmbedder } from '../../core/ingest/embed/hashEmbedder'
import { systemClock } from '../../core/time/Clock'
import { stageLabel } from '../../app/documents/documentLabels'

// A document taken up while every ingest worker is busy waits for one: its row says "Waiting to start",
// not "Reading the text · 0%", until the ingestor reports that it has begun.
describe('a document waiting for an ingest worker', () => {
  it('is processing at stage queued until the ingestor begins, then reads and completes', async () => {
    const db = new QuireDatabase('waiting-for-worker', { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new DexieStore(db)
    const files = new DexieFileStore(db)
    let freeWorker = () => {}
    const workerFree = new Promise<void>((resolve) => (freeWorker = resolve))
    const stages: string[] = []
    let ids = 0
    const ports = {
      store,
      files,
      clock: systemClock,
      newId: () => `id-${++ids}`,
      ingestor: {
        ingest: async (request: IngestRequest) => {
          await workerFree
          return ingestFile(
            request.bytes!,
            request.filename,
            { parsers: textParsers, embedder: hashEmbedder, clock: systemClock },
            {
              onProgress: (stage, percent) => {
                stages.push(stage)
                request.onProgress?.(stage, percent)
              },
            },
          )
        },
      },
    }
    const collection = await store.collections.createCollection(newCollection())
    const key = await files.put(
      new TextEncoder().encode('# Heron\n\nThe grey heron stands still in shallow water.'),
    )
    const document = await store.documents.createDocument(
      newDocument(collection.id, {
        original_filename: 'heron.md',
        file_path: `files/${key}`,
        status: 'pending',
      }),
    )

    const processing = processDocument(document.id, ports)
    await expect.poll(async () => (await store.documents.getDocument(document.id))?.status).toBe('processing')
    const waiting = await store.documents.getDocument(document.id)
    expect(waiting?.progress).toEqual({ stage: 'queued', percent: 0 })
    expect(stageLabel(waiting!.progress!.stage)).toBe('Waiting to start')

    freeWorker()
    expect((await processing)?.status).toBe('completed')
    expect(stages[0]).toBe('parsing')
    expect((await store.documents.getDocument(document.id))?.progress).toBeNull()
  })
})
