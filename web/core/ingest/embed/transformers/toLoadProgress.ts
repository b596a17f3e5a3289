import type { LoadProgress } from './FeatureExtractor'

/**
 * transformers.js reports loading as a stream of events (`initiate`, `download`, `progress`, `done`,
 * `progress_total`, `ready`); only `progress` carries one file's byte counts, which is what a host
 * forwards to `onProgress`. Takes `unknown` so both hosts can pass the library's callback argument
 * straight in without web/core depending on its types.
 */
export function toLoadProgress(info: unknown): LoadProgress | undefined {
  if (typeof info !== 'object' || info === null) return undefined
  const { status, file, loaded, total } = info as Record<string, unknown>
  if (status !== 'progress' || typeof file !== 'string') return undefined
  if (typeof loaded !== 'number' || typeof total !== 'number') return undefined
  return { file, loaded, total }
}

/** transformers.js's `progress_callback` for a host's load: each file's byte counts, to `onProgress`. */
export function loadProgressCallback(onProgress?: (progress: LoadProgress) => void): (info: unknown) => void {
  return (info) => {
    const progress = toLoadProgress(info)
    if (progress) onProgress?.(progress)
  }
}
