import { createSignal } from 'solid-js'

/**
 * Loads data for a part of a screen without Solid's Suspense: a resource read inside the route's
 * Suspense boundary would hold the whole Settings screen on "Loading…" until, say, every model server
 * had answered (a slow one can take its connect timeout). A newer load wins over one still running.
 */
export function createLoad<T>(fetcher: () => Promise<T>, options: { start?: boolean } = {}) {
  const start = options.start ?? true
  const [data, setData] = createSignal<T>()
  const [error, setError] = createSignal<unknown>()
  const [loading, setLoading] = createSignal(start)
  let latest = 0
  const reload = async () => {
    const run = ++latest
    setLoading(true)
    setError(undefined)
    try {
      const value = await fetcher()
      if (run === latest) setData(() => value)
    } catch (caught) {
      if (run === latest) setError(() => caught)
    } finally {
      if (run === latest) setLoading(false)
    }
  }
  // `start: false` waits for the first reload() (a load that must not run before the person asks).
  if (start) void reload()
  return { data, error, loading, reload, set: (value: T) => setData(() => value) }
}
