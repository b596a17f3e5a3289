import type { Remote } from 'comlink'
import { describe, expect, it } from 'vitest'
import type { IngestResult } from '../../core/ingest/ingestFile'
import type { IngestOutcome, IngestWorkerApi } from './ingestWorker'
import { ingestWorkers, WebWorkerIngestor } from './WebWorkerIngestor'

/**
 * Workers that stand in for the ingest worker (Node has no Web Worker): each `ingest` waits until the
 * test finishes that file; what the pool does with them is what is tested here. The real worker is read
 * by the browser tests that process documents.
 */
function standInWorkers() {
  const spawned: Array<{ terminated: boolean }> = []
  const running = new Map<string, { worker: number; finish: () => void }>()
  const spawn = () => {
    const worker = { terminated: false }
    const number = spawned.push(worker) - 1
    const api = {
      ingest: (bytes: Uint8Array, filename: string) =>
        new Promise<IngestOutcome>((resolve) => {
          const result = { text: filename, chunks: [], vectors: [] } as unknown as IngestResult
          running.set(filename, { worker: number, finish: () => resolve({ ok: true, result }) })
        }),
    } as unknown as Remote<IngestWorkerApi>
    return { worker: { terminate: () => void (worker.terminated = true) }, api }
  }
  return { spawn, spawned, running }
}

const file = (filename: string, signal?: AbortSignal) => ({
  bytes: new TextEncoder().encode(filename),
  filename,
  signal,
})

describe('WebWorkerIngestor', () => {
  it('reads as many documents at once as it has workers; the others wait their turn, in order', async () => {
    const { spawn, spawned, running } = standInWorkers()
    const ingestor = new WebWorkerIngestor({ size: 2, spawn })
    const results = ['a.md', 'b.md', 'c.md', 'd.md'].map((name) => ingestor.ingest(file(name)))
    await expect.poll(() => [...running.keys()]).toEqual(['a.md', 'b.md'])
    expect(spawned).toHaveLength(2)
    running.get('b.md')!.finish()
    expect((await results[1]!).text).toBe('b.md')
    // b's worker reads the next in line, c; d still waits.
    await expect.poll(() => running.get('c.md')?.worker).toBe(running.get('b.md')!.worker)
    expect(running.has('d.md')).toBe(false)
    running.get('a.md')!.finish()
    await expect.poll(() => running.has('d.md')).toBe(true)
    running.get('c.md')!.finish()
    running.get('d.md')!.finish()
    expect((await Promise.all(results)).map((result) => result.text)).toEqual([
      'a.md',
      'b.md',
      'c.md',
      'd.md',
    ])
    // The same two workers throughout.
    expect(spawned).toEqual([{ terminated: false }, { terminated: false }])
  })

  it("stops a cancelled document's worker only, and a cancelled waiting one takes no worker", async () => {
    const { spawn, spawned, running } = standInWorkers()
    const ingestor = new WebWorkerIngestor({ size: 2, spawn })
    const cancelA = new AbortController()
    const cancelC = new AbortController()
    const a = ingestor.ingest(file('a.md', cancelA.signal))
    const b = ingestor.ingest(file('b.md'))
    const c = ingestor.ingest(file('c.md', cancelC.signal))
    const d = ingestor.ingest(file('d.md'))
    await expect.poll(() => running.size).toBe(2)
    cancelC.abort(new Error('deleted'))
    await expect(c).rejects.toThrow('deleted')
    cancelA.abort(new Error('cancelled'))
    await expect(a).rejects.toThrow('cancelled')
    // a's worker was stopped; d gets a fresh one, b's goes on.
    await expect.poll(() => running.has('d.md')).toBe(true)
    expect(running.has('c.md')).toBe(false)
    expect(spawned.map((worker) => worker.terminated)).toEqual([true, false, false])
    expect(running.get('d.md')!.worker).toBe(2)
    running.get('b.md')!.finish()
    running.get('d.md')!.finish()
    expect((await b).text).toBe('b.md')
    expect((await d).text).toBe('d.md')
  })

  it('sizes its pool to the device: one worker less than its cores, at least one, at most four', () => {
    expect([undefined, 1, 2, 3, 4, 8, 32].map(ingestWorkers)).toEqual([1, 1, 1, 2, 3, 4, 4])
  })
})
