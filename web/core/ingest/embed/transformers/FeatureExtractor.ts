/**
 * The slice of a transformers.js `feature-extraction` pipeline that the embedder uses, described
 * structurally so that web/core never imports transformers.js: each host configures the library its own
 * way (onnxruntime-node on the server; WebGPU or WASM with self-served runtime files in the browser) and
 * hands the loaded pipeline over through `PipelineLoader`.
 */
export interface FeatureExtractor {
  /** One row per text: `dims` is `[texts.length, dimensions]` once pooled, `data` the rows end to end. */
  (texts: string[], options: { pooling: 'mean' | 'cls'; normalize: boolean }): Promise<FeatureTensor>
  /** Releases the ONNX session (GPU buffers, WASM memory). */
  dispose?(): Promise<unknown>
}

export interface FeatureTensor {
  readonly dims: readonly number[]
  readonly data: ArrayLike<number>
}

/** Bytes of one model file fetched so far, for a download progress bar. */
export interface LoadProgress {
  file: string
  loaded: number
  total: number
}

/** The host's way to load a pipeline for a model id (from its cache, a self-hosted folder or the hub). */
export interface PipelineLoader {
  loadPipeline(modelId: string, onProgress?: (progress: LoadProgress) => void): Promise<FeatureExtractor>
}
