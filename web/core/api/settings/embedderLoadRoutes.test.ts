import { describe, expect, it } from 'vitest'
import type { LoadProgress } from '../../ingest/embed/transformers/FeatureExtractor'
import type { ApiPorts } from '../ApiPorts'
import { invokeRoute } from '../invokeRoute'
import { createEmbedderLoads, type LoadableEmbedder } from './createEmbedderLoads'
import { embedderLoadRoute, embedderStatusRoute } from './embedderLoadRoutes'

/** A model whose load the test finishes by hand, reporting file progress on the way. */
function fakeModel() {
  let finish: (error?: Error) => void = () => undefined
  let report: (progress: LoadProgress) => void = () => undefined
  let loads = 0
  const loads$ = createEmbedderLoads((id, onProgress) => {
    report = onProgress
    const embedder: LoadableEmbedder = {
      id,
      dimensions: 3,
      embed: async (texts) => texts.map(() => new Float32Array([1, 0, 0])),
      load: () => {
        loads++
        return new Promise<void>((resolve, reject) => {
          finish = (error) => (error ? reject(error) : resolve())
        })
      },
    }
    return embedder
  })
  return {
    ...loads$,
    finish: (error?: Error) => finish(error),
    report: (p: LoadProgress) => report(p),
    loads: () => loads,
  }
}

const portsWith = (id: string, embedderLoader?: ApiPorts['embedderLoader']) =>
  ({ settings: { get: async () => ({ embedder: { id } }) }, embedderLoader }) as unknown as ApiPorts
const request = { params: {}, query: {}, body: undefined }
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('embedder load routes', () => {
  it('loads the chosen model once, reporting summed file progress, then Ready', async () => {
    const model = fakeModel()
    const ports = portsWith('tiny', model.loader)
    expect(await invokeRoute(embedderStatusRoute, request, ports)).toEqual({
      status: 200,
      body: { embedder: 'tiny', progress: null, error: null },
    })
    expect(await invokeRoute(embedderLoadRoute, request, ports)).toEqual({
      status: 202,
      body: { embedder: 'tiny' },
    })
    expect((await invokeRoute(embedderLoadRoute, request, ports)).status).toBe(202)
    expect(model.loads()).toBe(1)
    model.report({ file: 'config.json', loaded: 1024 * 1024, total: 1024 * 1024 })
    model.report({ file: 'onnx/model.onnx', loaded: 0, total: 3 * 1024 * 1024 })
    const midway = await invokeRoute(embedderStatusRoute, request, ports)
    expect(midway.body).toMatchObject({ progress: { progress: 0.25 }, error: null })
    expect((midway.body as { progress: { text: string } }).progress.text).toContain('1.0 MB of 4.0 MB')
    model.finish()
    await flush()
    expect((await invokeRoute(embedderStatusRoute, request, ports)).body).toEqual({
      embedder: 'tiny',
      progress: { progress: 1, text: 'Ready' },
      error: null,
    })
    // The query embedder is the same instance, so a query after the download reuses the loaded model.
    expect(model.embedderFor('tiny')).toBe(model.embedderFor('tiny'))
  })

  it('reports a failed load and tries again on the next start', async () => {
    const model = fakeModel()
    const ports = portsWith('tiny', model.loader)
    await invokeRoute(embedderLoadRoute, request, ports)
    model.finish(new Error('Could not locate file: config.json'))
    await flush()
    expect((await invokeRoute(embedderStatusRoute, request, ports)).body).toEqual({
      embedder: 'tiny',
      progress: null,
      error: 'Could not locate file: config.json',
    })
    await invokeRoute(embedderLoadRoute, request, ports)
    expect(model.loads()).toBe(2)
    expect((await invokeRoute(embedderStatusRoute, request, ports)).body).toMatchObject({ error: null })
  })

  it('answers 409 for hash-v1 and on a host with no loader', async () => {
    const hash = await invokeRoute(embedderLoadRoute, request, portsWith('hash-v1', fakeModel().loader))
    expect(hash.status).toBe(409)
    expect(JSON.stringify(hash.body)).toContain('hash-v1')
    const none = await invokeRoute(embedderLoadRoute, request, portsWith('tiny'))
    expect(none.status).toBe(409)
    expect((await invokeRoute(embedderStatusRoute, request, portsWith('tiny'))).body).toEqual({
      embedder: 'tiny',
      progress: null,
      error: null,
    })
  })
})
