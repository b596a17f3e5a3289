import { describe, expect, it, vi } from 'vitest'
import type { FeatureExtractor, LoadProgress, PipelineLoader } from './FeatureExtractor'
import { createTransformersEmbedder } from './createTransformersEmbedder'

/** A pipeline that maps text i of every call to the (unnormalised) row [length, 1, 0]. */
function fakeLoader(rowFor: (text: string) => number[] = (text) => [text.length, 1, 0]) {
  const calls: { texts: string[]; options: unknown }[] = []
  const dispose = vi.fn(async () => undefined)
  const pipeline = Object.assign(
    async (texts: string[], options: { pooling: 'mean' | 'cls'; normalize: boolean }) => {
      calls.push({ texts, options })
      const rows = texts.map(rowFor)
      return { dims: [texts.length, rows[0]?.length ?? 0], data: rows.flat() }
    },
    { dispose },
  ) satisfies FeatureExtractor
  const loader = {
    loadPipeline: vi.fn(async (_modelId: string, _onProgress?: (progress: LoadProgress) => void) => pipeline),
  } satisfies PipelineLoader
  return { loader, calls, dispose }
}

describe('createTransformersEmbedder', () => {
  it('is named after the model and learns its dimensions from the first output', async () => {
    const { loader } = fakeLoader()
    const embedder = createTransformersEmbedder(loader, { modelId: 'Xenova/bge-small-en-v1.5' })
    expect(embedder.id).toBe('Xenova/bge-small-en-v1.5')
    expect(embedder.dimensions).toBe(0)
    expect(loader.loadPipeline).not.toHaveBeenCalled()
    await embedder.load()
    expect(embedder.dimensions).toBe(3)
    expect(loader.loadPipeline).toHaveBeenCalledTimes(1)
    expect(loader.loadPipeline.mock.calls[0]?.[0]).toBe('Xenova/bge-small-en-v1.5')
  })

  it('embeds in batches, in order, asking the pipeline to pool and normalise', async () => {
    const { loader, calls } = fakeLoader()
    const embedder = createTransformersEmbedder(loader, { modelId: 'm', pooling: 'cls', batchSize: 2 })
    const vectors = await embedder.embed(['a', 'bb', 'ccc', 'dddd', 'eeeee'])
    expect(calls.map((call) => call.texts)).toEqual([['a', 'bb'], ['ccc', 'dddd'], ['eeeee']])
    expect(calls[0]?.options).toEqual({ pooling: 'cls', normalize: true })
    expect(vectors).toHaveLength(5)
    vectors.forEach((vector, i) => {
      expect(vector).toBeInstanceOf(Float32Array)
      // Rows are copies, each with its own small buffer.
      expect(vector.buffer.byteLength).toBe(3 * 4)
      const length = i + 1
      const norm = Math.hypot(length, 1)
      expect(Array.from(vector)).toEqual(Array.from(new Float32Array([length / norm, 1 / norm, 0])))
    })
    expect(loader.loadPipeline).toHaveBeenCalledTimes(1)
    expect(await embedder.embed([])).toEqual([])
  })

  it('checks the signal before each batch and rejects with its reason', async () => {
    const controller = new AbortController()
    const { loader, calls } = fakeLoader((text) => {
      if (text === 'b') controller.abort(new Error('stop'))
      return [1, 0]
    })
    const embedder = createTransformersEmbedder(loader, { modelId: 'm', batchSize: 1 })
    await expect(embedder.embed(['a', 'b', 'c'], controller.signal)).rejects.toThrow('stop')
    expect(calls.map((call) => call.texts)).toEqual([['a'], ['b']])
    await expect(embedder.embed(['a'], controller.signal)).rejects.toThrow('stop')
    expect(calls).toHaveLength(2)
  })

  it('gives the zero vector, never NaN, for a row with no length', async () => {
    const { loader } = fakeLoader((text) => (text === '' ? [Number.NaN, Number.NaN] : [0, 0]))
    const embedder = createTransformersEmbedder(loader, { modelId: 'm', dimensions: 2 })
    expect(await embedder.embed(['', 'x'])).toEqual([new Float32Array(2), new Float32Array(2)])
  })

  it('rejects output that does not fit the texts or the dimensions', async () => {
    const { loader } = fakeLoader()
    const embedder = createTransformersEmbedder(loader, { modelId: 'm', dimensions: 384 })
    await expect(embedder.embed(['a'])).rejects.toThrow('m returned 3 dimensions, expected 384')
    expect(() => createTransformersEmbedder(loader, { modelId: 'm', batchSize: 0 })).toThrow(RangeError)
  })

  it('retries a failed load and loads again after dispose', async () => {
    const { loader, dispose } = fakeLoader()
    loader.loadPipeline.mockRejectedValueOnce(new Error('offline'))
    const onProgress = vi.fn()
    const embedder = createTransformersEmbedder(loader, { modelId: 'm', onProgress })
    await expect(embedder.embed(['a'])).rejects.toThrow('offline')
    expect(await embedder.embed(['a'])).toHaveLength(1)
    expect(loader.loadPipeline).toHaveBeenCalledTimes(2)
    expect(loader.loadPipeline.mock.calls[1]?.[1]).toBe(onProgress)
    await embedder.dispose()
    expect(dispose).toHaveBeenCalledTimes(1)
    await embedder.embed(['a'])
    expect(loader.loadPipeline).toHaveBeenCalledTimes(3)
  })
})
