import type { FeatureExtractor, FeatureTensor } from './FeatureExtractor'

/** A `feature-extraction` pipeline as transformers.js loads it, as far as the embedder calls it. */
export interface LoadedPipeline {
  (texts: string[], options: { pooling: 'mean' | 'cls'; normalize: boolean }): Promise<FeatureTensor>
  dispose(): Promise<unknown>
}

/** The pipeline a host loaded, as the embedder's `FeatureExtractor` (both hosts hand it over so). */
export function asFeatureExtractor(pipeline: LoadedPipeline): FeatureExtractor {
  return Object.assign(
    (texts: string[], options: { pooling: 'mean' | 'cls'; normalize: boolean }) => pipeline(texts, options),
    { dispose: () => pipeline.dispose() },
  )
}
