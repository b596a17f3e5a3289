import onnxRuntimeWasmUrl from 'onnxruntime-web/ort-wasm-simd-threaded.asyncify.wasm?url'
import {
  createTransformersEmbedder,
  type TransformersEmbedder,
  type TransformersEmbedderOptions,
} from '../../core/ingest/embed/transformers/createTransformersEmbedder'
import { asFeatureExtractor } from '../../core/ingest/embed/transformers/asFeatureExtractor'
import { loadProgressCallback } from '../../core/ingest/embed/transformers/toLoadProgress'

export type BrowserDevice = 'webgpu' | 'wasm'

export interface BrowserTransformersEmbedderOptions extends TransformersEmbedderOptions {
  /** `auto`: WebGPU when the browser offers an adapter, else WASM. */
  device?: BrowserDevice | 'auto'
  /** A self-hosted model folder (the sync server's, say): files at `<modelBaseUrl>/<modelId>/...`. */
  modelBaseUrl?: string
  /** Whether files missing from `modelBaseUrl` and the cache may be fetched from the Hugging Face hub. */
  allowRemote?: boolean
  /** fp32 (`onnx/model.onnx`) on every device, so one model id gives the same vectors everywhere. */
  dtype?: 'fp32' | 'fp16' | 'q8'
}

export interface BrowserTransformersEmbedder extends TransformersEmbedder {
  /** The device the model runs on, known once it has loaded. */
  readonly device: BrowserDevice | undefined
}

/**
 * A transformers.js embedder for the browser (a Web Worker, normally), on WebGPU or WASM.
 *
 * Nothing comes from a CDN: ONNX Runtime's WebAssembly (the asyncify build, which its WebGPU and WASM
 * backends share) is a file of the app's own build, imported by URL so that Vite emits it (and the service
 * worker can precache it), and model files come from `modelBaseUrl`, from transformers.js's Cache Storage
 * (where every fetched file stays, so a model loaded once works offline) or, only if `allowRemote`, from
 * the hub. transformers.js keeps its settings in one module-wide `env`, set here before each load. The
 * library (about 600 kB minified) is imported on first load, so code that never embeds with a model
 * never fetches it.
 */
export function createBrowserTransformersEmbedder(
  options: BrowserTransformersEmbedderOptions,
): BrowserTransformersEmbedder {
  const { device = 'auto', modelBaseUrl, allowRemote = false, dtype = 'fp32', ...embedderOptions } = options
  if (modelBaseUrl === undefined && !allowRemote) {
    throw new Error('A transformers.js embedder needs a modelBaseUrl or allowRemote to find its model')
  }
  let resolved: BrowserDevice | undefined

  const embedder = createTransformersEmbedder(
    {
      async loadPipeline(modelId, onProgress) {
        const [{ env, pipeline }, chosen] = await Promise.all([
          import('@huggingface/transformers'),
          resolveDevice(device),
        ])
        const wasm = env.backends.onnx.wasm
        if (!wasm) throw new Error('transformers.js did not set up ONNX Runtime Web')
        // Only the .wasm: the JavaScript half of ONNX Runtime is bundled into transformers.js's chunk. An
        // absolute URL, as ONNX Runtime would resolve a relative one against its chunk, not the page.
        wasm.wasmPaths = { wasm: new URL(onnxRuntimeWasmUrl, self.location.href).href }
        env.allowRemoteModels = allowRemote
        env.allowLocalModels = modelBaseUrl !== undefined
        if (modelBaseUrl !== undefined) env.localModelPath = modelBaseUrl
        const extractor = await pipeline('feature-extraction', modelId, {
          device: chosen,
          dtype,
          local_files_only: !allowRemote,
          progress_callback: loadProgressCallback(onProgress),
        })
        resolved = chosen
        return asFeatureExtractor(extractor)
      },
    },
    embedderOptions,
  )
  return Object.defineProperty(embedder, 'device', {
    get: () => resolved,
    enumerable: true,
  }) as BrowserTransformersEmbedder
}

/** WebGPU only where an adapter exists: `navigator.gpu` alone is no promise of one (headless, blocklists). */
async function resolveDevice(device: BrowserDevice | 'auto'): Promise<BrowserDevice> {
  if (device !== 'auto') return device
  // TypeScript's DOM library has no WebGPU types yet; this is the one call made.
  const { gpu } = navigator as Navigator & { gpu?: { requestAdapter(): Promise<object | null> } }
  const adapter = await gpu?.requestAdapter().catch(() => null)
  return adapter ? 'webgpu' : 'wasm'
}
