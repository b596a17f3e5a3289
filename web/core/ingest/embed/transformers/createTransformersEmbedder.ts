import type { Embedder } from '../Embedder'
import type { FeatureExtractor, FeatureTensor, LoadProgress, PipelineLoader } from './FeatureExtractor'

export interface TransformersEmbedderOptions {
  /** Hugging Face model id (`Xenova/bge-small-en-v1.5`); also the embedder's `id`. */
  modelId: string
  /** Known in advance (from the model card) or learned from the first output. */
  dimensions?: number
  /** `mean` over the attention mask (sentence-transformers models) or the first token (`cls`, BGE). */
  pooling?: 'mean' | 'cls'
  /** Always on: the `Embedder` port promises unit vectors. A type, not a switch, to say so. */
  normalize?: true
  /** Texts per model call: larger batches use WebGPU better, smaller ones see aborts sooner. */
  batchSize?: number
  onProgress?: (progress: LoadProgress) => void
}

/** An `Embedder` whose model loads on first use (or on `load()`) and can be released again. */
export interface TransformersEmbedder extends Embedder {
  /**
   * Loads the model (which may download it, where the host allows) and learns `dimensions`, which
   * reads 0 until then unless it was given. `embed` loads on its own; call this to show progress early.
   */
  load(): Promise<void>
  /** Frees the ONNX session; the next `embed` or `load` loads the model again. */
  dispose(): Promise<void>
}

const DEFAULT_BATCH_SIZE = 16
// A text that tokenizes to [CLS] [SEP] everywhere: enough to read a model's output width.
const PROBE = ['']

/**
 * A transformers.js feature-extraction model behind the `Embedder` port, independent of where it runs:
 * the host's `PipelineLoader` decides runtime, device and where model files come from.
 *
 * The pipeline pools (mean over real tokens, never padding, or the first token) and L2-normalises; this
 * adds batching with abort checks between batches, one owned Float32Array per text (rows are copied out
 * of the batch tensor, so storing or posting one vector does not carry the whole batch's buffer), and a
 * guard that keeps the port's promise of unit vectors: a row whose norm is 0 or not finite becomes the
 * zero vector (never NaN), and one that is not unit length (fp16 models) is rescaled.
 *
 * The id is the model id: vectors of different models never share an id. Hosts should load the same
 * weights (the fp32 `onnx/model.onnx`) on every device so the same id means the same vectors.
 */
export function createTransformersEmbedder(
  loader: PipelineLoader,
  options: TransformersEmbedderOptions,
): TransformersEmbedder {
  const { modelId, pooling = 'mean', batchSize = DEFAULT_BATCH_SIZE, onProgress } = options
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`)
  }
  let dimensions = options.dimensions ?? 0
  let extractor: Promise<FeatureExtractor> | undefined

  function loadExtractor(): Promise<FeatureExtractor> {
    // Memoised; a failed load (offline, missing file) is forgotten so that the next call retries.
    extractor ??= loader.loadPipeline(modelId, onProgress).catch((error: unknown) => {
      extractor = undefined
      throw error
    })
    return extractor
  }

  async function embedBatch(pipeline: FeatureExtractor, texts: string[]): Promise<Float32Array[]> {
    const output = await pipeline(texts, { pooling, normalize: true })
    return toVectors(output, texts.length)
  }

  function toVectors(output: FeatureTensor, count: number): Float32Array[] {
    const [rows, width] = output.dims
    if (output.dims.length !== 2 || rows !== count || width === undefined || width < 1) {
      throw new Error(`${modelId} returned a tensor of shape [${output.dims.join(', ')}] for ${count} texts`)
    }
    if (dimensions === 0) dimensions = width
    if (width !== dimensions) {
      throw new Error(`${modelId} returned ${width} dimensions, expected ${dimensions}`)
    }
    const vectors: Float32Array[] = []
    for (let row = 0; row < rows; row++) vectors.push(unitRow(output.data, row * width, width))
    return vectors
  }

  return {
    id: modelId,
    get dimensions() {
      return dimensions
    },
    async load() {
      const pipeline = await loadExtractor()
      if (dimensions === 0) await embedBatch(pipeline, PROBE)
    },
    async embed(texts, signal) {
      signal?.throwIfAborted()
      if (texts.length === 0) return []
      const pipeline = await loadExtractor()
      const vectors: Float32Array[] = []
      for (let start = 0; start < texts.length; start += batchSize) {
        signal?.throwIfAborted()
        vectors.push(...(await embedBatch(pipeline, texts.slice(start, start + batchSize))))
      }
      signal?.throwIfAborted()
      return vectors
    },
    async dispose() {
      const loading = extractor
      extractor = undefined
      if (!loading) return
      const pipeline = await loading.catch(() => undefined)
      await pipeline?.dispose?.()
    },
  }
}

function unitRow(data: ArrayLike<number>, offset: number, width: number): Float32Array {
  const vector = new Float32Array(width)
  let squares = 0
  for (let i = 0; i < width; i++) {
    const value = data[offset + i]!
    vector[i] = value
    squares += value * value
  }
  const norm = Math.sqrt(squares)
  if (!(norm > 0) || !Number.isFinite(norm)) return new Float32Array(width)
  if (Math.abs(norm - 1) > 1e-4) for (let i = 0; i < width; i++) vector[i] = vector[i]! / norm
  return vector
}
