import type { Embedder } from '../../ingest/embed/Embedder'
import { hideFilePaths } from '../hideFilePaths'
import type { LoadProgress } from '../../ingest/embed/transformers/FeatureExtractor'

/** How far loading an embedder model has come: 0..1 and a line to show. */
export interface EmbedderLoadProgress {
  progress: number
  text: string
}

/** The host hook behind `POST /api/settings/embedder/load` and `GET /api/settings/embedder-status`. */
export interface EmbedderLoader {
  /** Starts loading the model (a no-op while it loads or once it has loaded; retries after a failure). */
  start(id: string): void
  /** `null` before the model starts loading; `{progress: 1, text: 'Ready'}` once loaded. */
  status(id: string): EmbedderLoadProgress | null
  /** Why the last load failed, or `null`. */
  error(id: string): string | null
}

/** A model embedder that can be loaded ahead of its first `embed` (the transformers.js ones). */
export type LoadableEmbedder = Embedder & { load?(): Promise<void> }

/** Makes a host's embedder for an id, reporting its files' download progress to `onProgress`. */
export type CreateEmbedder = (
  id: string,
  onProgress: (progress: LoadProgress) => void,
) => LoadableEmbedder | undefined

interface LoadState {
  files: Map<string, { loaded: number; total: number }>
  progress: EmbedderLoadProgress | null
  error: string | null
  loading: boolean
  done: boolean
}

/**
 * One embedder instance per id, shared by query embedding (`embedderFor`) and the Settings download
 * (`loader`): a model downloaded ahead of time is then the very one the next query uses, not a second
 * copy in memory. Progress is summed over the model's files (transformers.js reports them one by one),
 * and held below 1 until the load resolves, as more files may still follow.
 */
export function createEmbedderLoads(create: CreateEmbedder): {
  embedderFor: (id: string) => Embedder | undefined
  loader: EmbedderLoader
} {
  const embedders = new Map<string, LoadableEmbedder>()
  const states = new Map<string, LoadState>()

  const stateOf = (id: string): LoadState => {
    let state = states.get(id)
    if (!state) {
      state = { files: new Map(), progress: null, error: null, loading: false, done: false }
      states.set(id, state)
    }
    return state
  }

  const onProgress = (id: string) => (file: LoadProgress) => {
    const state = stateOf(id)
    if (state.done) return
    state.files.set(file.file, { loaded: file.loaded, total: file.total })
    let loaded = 0
    let total = 0
    for (const each of state.files.values()) {
      loaded += each.loaded
      total += each.total
    }
    const share = total > 0 ? Math.min(loaded / total, 0.99) : 0
    state.progress = {
      progress: share,
      text: `Downloading ${file.file} (${megabytes(loaded)} of ${megabytes(total)})`,
    }
  }

  const embedderFor = (id: string): LoadableEmbedder | undefined => {
    let embedder = embedders.get(id)
    if (!embedder) {
      embedder = create(id, onProgress(id))
      if (embedder) embedders.set(id, embedder)
    }
    return embedder
  }

  const loader: EmbedderLoader = {
    start(id) {
      const state = stateOf(id)
      if (state.loading || state.done) return
      const embedder = embedderFor(id)
      if (!embedder?.load) {
        state.error = `${id} cannot be loaded ahead of use on this host`
        return
      }
      state.loading = true
      state.error = null
      state.files.clear()
      state.progress = { progress: 0, text: 'Starting the download…' }
      embedder.load().then(
        () => {
          state.loading = false
          state.done = true
          state.progress = { progress: 1, text: 'Ready' }
        },
        (failure: unknown) => {
          state.loading = false
          state.progress = null
          // The message reaches people (embedder-status): a loader's file paths are not theirs to see.
          state.error = hideFilePaths(failure instanceof Error ? failure.message : String(failure))
        },
      )
    },
    status: (id) => states.get(id)?.progress ?? null,
    error: (id) => states.get(id)?.error ?? null,
  }
  return { embedderFor, loader }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
