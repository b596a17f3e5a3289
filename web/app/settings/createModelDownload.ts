import { createSignal, onCleanup, type Accessor } from 'solid-js'

export interface ModelDownload<S> {
  /** The last status read, or null before the first answer (or when it could not be read). */
  status: Accessor<S | null>
  starting: Accessor<boolean>
  startError: Accessor<string | null>
  /** Saves the choice and starts the download (`begin`), then reads the status at once. */
  downloadNow(): Promise<void>
}

/**
 * The "Download now" of a model (the embedder's or WebLLM's): its status is read at once and then once a
 * second while a download is under way. `idleMs` keeps reading, more slowly, when nothing loads (a
 * WebLLM model also starts loading with the first question in Chat); without it polling stops.
 */
export function createModelDownload<S>(options: {
  read: () => Promise<S>
  loading: (status: S) => boolean
  begin: () => Promise<void>
  idleMs?: number
}): ModelDownload<S> {
  const [status, setStatus] = createSignal<S | null>(null)
  const [starting, setStarting] = createSignal(false)
  const [startError, setStartError] = createSignal<string | null>(null)
  let timer: ReturnType<typeof setTimeout> | undefined
  let disposed = false

  const poll = async () => {
    const next = await options.read().catch(() => null)
    if (disposed) return
    setStatus(() => next)
    const delay = next !== null && options.loading(next) ? 1000 : options.idleMs
    if (delay !== undefined) timer = setTimeout(() => void poll(), delay)
  }
  void poll()
  onCleanup(() => {
    disposed = true
    clearTimeout(timer)
  })

  return {
    status,
    starting,
    startError,
    async downloadNow() {
      setStarting(true)
      setStartError(null)
      try {
        await options.begin()
        clearTimeout(timer)
        await poll()
      } catch (failure) {
        setStartError(failure instanceof Error ? failure.message : String(failure))
      } finally {
        setStarting(false)
      }
    },
  }
}
