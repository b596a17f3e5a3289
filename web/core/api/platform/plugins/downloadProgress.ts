import type { PluginProgress } from '../../ApiPorts'
import type { PluginSources } from './installSources'

/**
 * The host's plugin sources with downloads reporting `downloading` progress: the percent of the bytes
 * received when the answer declares its size (`content-length`), else 0 until it has all come. Only
 * archives count: JSON answers (a catalog, a release, an update check) are small steps on the way and
 * pass as they are. With `signal` aborted (a cancelled job) an archive stops arriving. Wrapping the
 * fetch keeps the downloads themselves (`fetchBytes`, `downloadFromUrl`, the catalog) one code path.
 */
export function withDownloadProgress(
  sources: PluginSources,
  onProgress: PluginProgress,
  signal?: AbortSignal,
): PluginSources {
  const fetchWithProgress: typeof fetch = async (input, init) => {
    signal?.throwIfAborted()
    const response = await sources.fetch(input, init)
    if (!response.ok || !response.body || isJson(init?.headers, response)) return response
    const total = Number(response.headers.get('content-length') ?? NaN)
    const known = Number.isFinite(total) && total > 0
    let received = 0
    onProgress('downloading', 0)
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          if (signal?.aborted) {
            controller.error(signal.reason)
            return
          }
          received += chunk.byteLength
          if (known) onProgress('downloading', Math.min(100, (100 * received) / total))
          controller.enqueue(chunk)
        },
        flush() {
          onProgress('downloading', 100)
        },
      }),
    )
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
  return { ...sources, fetch: fetchWithProgress }
}

/** A request for JSON, or an answer that is JSON: metadata, not the archive. */
function isJson(headers: HeadersInit | undefined, response: Response): boolean {
  const accept = new Headers(headers).get('accept') ?? ''
  const type = response.headers.get('content-type') ?? ''
  return accept.includes('json') || type.includes('json')
}
