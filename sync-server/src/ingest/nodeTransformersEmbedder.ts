import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createTransformersEmbedder,
  type TransformersEmbedder,
  type TransformersEmbedderOptions,
} from '../../../web/core/ingest/embed/transformers/createTransformersEmbedder'
import { asFeatureExtractor } from '../../../web/core/ingest/embed/transformers/asFeatureExtractor'
import { loadProgressCallback } from '../../../web/core/ingest/embed/transformers/toLoadProgress'
import { modelLoadFailure } from './modelLoadFailure'

export interface NodeTransformersEmbedderOptions extends TransformersEmbedderOptions {
  /** A folder of self-hosted models: `<localModelPath>/<modelId>/{config.json,onnx/model.onnx,...}`. */
  localModelPath?: string
  /** Whether missing files may be fetched from the Hugging Face hub. Off unless the operator turns it on. */
  allowRemote?: boolean
  /** Where downloaded files are kept (inside DATA_DIR in production); a temp folder by default. */
  cacheDir?: string
  /** Which weights to load: fp32 (`onnx/model.onnx`) by default, the file the browser loads too. */
  dtype?: 'fp32' | 'fp16' | 'q8'
}

/**
 * A transformers.js embedder for the sync server, on onnxruntime-node's CPU backend.
 *
 * transformers.js keeps its settings in one module-wide `env`, so this sets them before each load; the
 * last embedder loaded in a process decides `localModelPath` for later loads. Whether the hub may be
 * asked is also passed per load (`local_files_only`), so an embedder that must not download never does,
 * whatever another one set. Files cached in `cacheDir` by an earlier download load without the network.
 * The library is imported on first load, so a server that never embeds with a model never pays for it.
 */
export function createNodeTransformersEmbedder(
  options: NodeTransformersEmbedderOptions,
): TransformersEmbedder {
  const {
    localModelPath,
    allowRemote = false,
    cacheDir = join(tmpdir(), 'quire-transformers-cache'),
    dtype = 'fp32',
    ...embedderOptions
  } = options
  return createTransformersEmbedder(
    {
      async loadPipeline(modelId, onProgress) {
        const { env, pipeline } = await import('@huggingface/transformers')
        env.allowRemoteModels = allowRemote
        // Local files (a self-hosted folder or the cache) are always allowed: they need no network.
        env.allowLocalModels = true
        if (localModelPath !== undefined) env.localModelPath = localModelPath
        env.cacheDir = cacheDir
        const extractor = await pipeline('feature-extraction', modelId, {
          device: 'cpu',
          dtype,
          local_files_only: !allowRemote,
          cache_dir: cacheDir,
          progress_callback: loadProgressCallback(onProgress),
        }).catch((error: unknown) => {
          throw modelLoadFailure(error, modelId, { modelsDir: localModelPath, cacheDir, allowRemote })
        })
        return asFeatureExtractor(extractor)
      },
    },
    embedderOptions,
  )
}
