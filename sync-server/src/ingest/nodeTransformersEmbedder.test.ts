import { env } from '@huggingface/transformers'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { makeTinyModel } from '../../../scripts/makeTinyModel.mjs'
import { cosineSimilarity } from '../../../web/core/ingest/embed/cosineSimilarity'
import { createNodeTransformersEmbedder } from './nodeTransformersEmbedder'

const MODEL_ID = 'quire-tiny-embedder'

describe('createNodeTransformersEmbedder on a generated model', () => {
  let root: string
  const requests: string[] = []
  const originalFetch = env.fetch

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'quire-tiny-model-'))
    await makeTinyModel(join(root, MODEL_ID))
    // Any request at all fails the test below; models never download in tests.
    env.fetch = async (input) => {
      requests.push(String(input))
      throw new Error(`network access in a test: ${String(input)}`)
    }
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      requests.push(String(input))
      throw new Error('network access in a test')
    })
  })
  afterAll(async () => {
    env.fetch = originalFetch
    vi.restoreAllMocks()
    await rm(root, { recursive: true, force: true })
  })

  const embedder = () =>
    createNodeTransformersEmbedder({
      modelId: MODEL_ID,
      localModelPath: root,
      allowRemote: false,
      cacheDir: join(root, 'cache'),
    })

  it('loads the model from the local folder, reporting progress, and learns 32 dimensions', async () => {
    const progress: string[] = []
    const tiny = createNodeTransformersEmbedder({
      modelId: MODEL_ID,
      localModelPath: root,
      cacheDir: join(root, 'cache'),
      onProgress: ({ file, loaded, total }) => progress.push(`${file} ${loaded}/${total}`),
    })
    expect(tiny.id).toBe(MODEL_ID)
    expect(tiny.dimensions).toBe(0)
    await tiny.load()
    expect(tiny.dimensions).toBe(32)
    const { size } = await stat(join(root, MODEL_ID, 'onnx', 'model.onnx'))
    expect(progress).toContain(`onnx/model.onnx ${size}/${size}`)
    await tiny.dispose()
  })

  it('gives one unit-length 32-dimensional vector per text, the same every time', async () => {
    const texts = ['The cat sat on the mat.', 'Stock market prices fell.', 'water', 'xylophones!']
    const tiny = embedder()
    const vectors = await tiny.embed(texts)
    expect(vectors).toHaveLength(4)
    for (const vector of vectors) {
      expect(vector).toBeInstanceOf(Float32Array)
      expect(vector).toHaveLength(32)
      expect(Math.hypot(...vector)).toBeCloseTo(1, 5)
    }
    // Alone, in another batch, or from another embedder instance: the same vector.
    expect((await tiny.embed([texts[1]!]))[0]).toEqual(vectors[1])
    const again = await embedder().embed([...texts].reverse())
    again.reverse().forEach((vector, i) => expect(Array.from(vector)).toEqual(Array.from(vectors[i]!)))
  })

  it('has the properties of a mean of token embeddings', async () => {
    const [dogBitesMan, manBitesDog, shouted, catMat, catHat, market] = await embedder().embed([
      'dog bites man',
      'man bites dog',
      'DOG BITES MAN',
      'the cat sat on the mat',
      'a cat sat on a hat',
      'stock market prices rise',
    ])
    // Order does not matter (a mean), case does not (the tokenizer lowercases)...
    expect(cosineSimilarity(dogBitesMan!, manBitesDog!)).toBeCloseTo(1, 6)
    expect(cosineSimilarity(dogBitesMan!, shouted!)).toBeCloseTo(1, 6)
    // ...and shared words bring texts closer than no shared words.
    expect(cosineSimilarity(catMat!, catHat!)).toBeGreaterThan(cosineSimilarity(catMat!, market!) + 0.1)
    expect(cosineSimilarity(catMat!, catHat!)).toBeGreaterThan(cosineSimilarity(catHat!, market!) + 0.1)
  })

  it('does not download a model it cannot find locally', async () => {
    const missing = createNodeTransformersEmbedder({
      modelId: 'Xenova/all-MiniLM-L6-v2',
      localModelPath: root,
      cacheDir: join(root, 'cache'),
    })
    await expect(missing.embed(['anything'])).rejects.toThrow(
      /is not in the server’s model folder \(MODELS_DIR\)/,
    )
  })

  it('made no network request in any test', () => {
    expect(requests).toEqual([])
  })
})
