import { describe, expect, it } from 'vitest'
import { processDocument } from '../../core/documents/processDocument'
import type { IngestRequest } from '../../core/documents/Ingestor'
import { systemClock } from '../../core/kernel/time/Clock'
import { stageLabel } from '../../app/documents/documentLabels'
import { ingestWorld } from './ingestWorld'

// A document taken up while every ingest worker is busy waits for one: its row says "Waiting to start",
// not "Reading the text · 0%", until the ingestor reports that it has begun.
describe('a document waiting for an ingest worker', () => {
  it('is processing at stage queued until the ingestor begins, then reads and completes', async () => {
    const world = ingestWorld('waiting-for-worker')
    const { store } = world
    let freeWorker = () => {}
    const workerFree = new Promise<void>((resolve) => (freeWorker = resolve))
    const stages: string[] = []
    const ports = {
      store,
      files: world.files,
      clock: systemClock,
      newId: world.newId,
      ingestor: {
        ingest: async (request: IngestRequest) => {
          await workerFree
          return world.ingest({
            ...request,
            onProgress: (stage, percent) => {
              stages.push(stage)
              request.onProgress?.(stage, percent)
            },
          })
        },
      },
    }
    const document = await world.addDocument(
      'heron.md',
      '# Heron\n\nThe grey heron stands still in shallow water.',
      'pending',
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
