import type { LoadableEmbedder } from '../../core/api/settings/createEmbedderLoads'
import type { LoadProgress } from '../../core/ingest/embed/transformers/FeatureExtractor'
import { hashEmbedder } from '../../core/ingest/embed/hashEmbedder'
import { poolingFor } from '../../core/ingest/embed/transformers/poolingFor'
import {
  createBrowserTransformersEmbedder,
  type BrowserTransformersEmbedder,
} from './browserTransformersEmbedder'

/**
 * The embedder a browser worker uses for an id (the person's choice in settings): the built-in
 * hash-v1, or a transformers.js model, on WebGPU where there is an adapter, else WASM. The model comes
 * from the app's own origin when it serves one (a sync server with MODELS_DIR serves /models/<id>/),
 * else from the Hugging Face hub (the person asked for it); either way transformers.js keeps the files
 * in Cache Storage, so it works offline from then on. `onProgress` hears each file's download, and
 * `load()` fetches the model before its first use (Settings' "Download now").
 */
export function browserEmbedderFor(
  id: string,
  onProgress?: (progress: LoadProgress) => void,
): LoadableEmbedder {
  if (id === hashEmbedder.id) return hashEmbedder
  let inner: Promise<BrowserTransformersEmbedder> | undefined
  const load = () =>
    (inner ??= selfHostedModels(id).then((modelBaseUrl) =>
      createBrowserTransformersEmbedder({
        modelId: id,
        pooling: poolingFor(id),
        modelBaseUrl,
        allowRemote: modelBaseUrl === undefined,
        onProgress,
      }),
    ))
  return {
    id,
    get dimensions() {
      return 0
    },
    async embed(texts, signal) {
      return (await load()).embed(texts, signal)
    },
    async load() {
      await (await load()).load()
    },
  }
}

/**
 * The origin's model folder when it has this model. A static host answers unknown paths with the app
 * shell (HTML, status 200), so only a JSON config counts as a yes.
 */
async function selfHostedModels(id: string): Promise<string | undefined> {
  // A path, as the existing loaders pass it: with a full URL here, transformers.js loaded the model but
  // not its tokenizer ("this.tokenizer is not a function" at the first embed).
  const base = '/models/'
  try {
    const response = await fetch(`${base}${id}/config.json`, { cache: 'no-store' })
    const json = (response.headers.get('content-type') ?? '').includes('json')
    return response.ok && json ? base : undefined
  } catch {
    return undefined
  }
}
