import type { Embedder } from '../../../web/core/ingest/embed/Embedder'
import { hashEmbedder } from '../../../web/core/ingest/embed/hashEmbedder'
import type { EmbedderConfig } from '../config'
import { poolingFor } from '../../../web/core/ingest/embed/transformers/poolingFor'
import { createNodeTransformersEmbedder } from './nodeTransformersEmbedder'

/**
 * The embedder an ingest worker uses: the built-in `hash-v1`, or a transformers.js model (from the
 * self-hosted MODELS_DIR, or the hub when the operator allows downloads).
 */
export function createWorkerEmbedder(config: EmbedderConfig | undefined): Embedder {
  if (!config || config.id === hashEmbedder.id) return hashEmbedder
  return createNodeTransformersEmbedder({
    modelId: config.id,
    pooling: poolingFor(config.id),
    localModelPath: config.modelsDir,
    allowRemote: config.allowRemote ?? false,
    cacheDir: config.cacheDir,
  })
}
