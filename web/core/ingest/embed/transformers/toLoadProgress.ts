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
