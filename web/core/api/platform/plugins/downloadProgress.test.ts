import { describe, expect, it } from 'vitest'
import { withDownloadProgress } from './downloadProgress'
import { fetchBytes, type PluginSources } from './installSources'

/** Plugin sources whose fetch answers `body` in `parts` pieces, with these headers. */
function sourcesAnswering(body: Uint8Array, parts: number, headers: Record<string, string>): PluginSources {
  return {
    fetch: async () => {
      const size = Math.ceil(body.length / parts)
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let start = 0; start < body.length; start += size)
            controller.enqueue(body.slice(start, start + size))
          controller.close()
        },
      })
      return new Response(stream, { status: 200, headers })
    },
    maxDownloadBytes: 1_000_000,
    catalogUrl: async () => undefined,
  }
}

const bytes = new Uint8Array(400).map((_, i) => i % 251)

describe('withDownloadProgress', () => {
  it('reports the percent of the bytes received when the size is declared, and passes them intact', async () => {
    const seen: number[] = []
    const inner = sourcesAnswering(bytes, 4, { 'content-type': 'application/zip', 'content-length': '400' })
    const sources = withDownloadProgress(inner, (stage, percent) => {
      expect(stage).toBe('downloading')
      seen.push(percent)
    })
    const received = await fetchBytes(sources, 'https://example.test/p.zip', 'the archive', 1000)
    expect(received).toEqual(bytes)
    expect(seen).toEqual([0, 25, 50, 75, 100, 100])
  })

  it('reports only the start and the end when the size is not declared', async () => {
    const seen: number[] = []
    const sources = withDownloadProgress(sourcesAnswering(bytes, 4, {}), (_stage, percent) =>
      seen.push(percent),
    )
    await fetchBytes(sources, 'https://example.test/p.zip', 'the archive', 1000)
    expect(seen).toEqual([0, 100])
  })

  it('leaves JSON (a catalog, a release) out of the download', async () => {
    const seen: number[] = []
    const json = new TextEncoder().encode('{"plugins":[]}')
    const sources = withDownloadProgress(
      sourcesAnswering(json, 1, { 'content-type': 'application/json' }),
      (_stage, percent) => seen.push(percent),
    )
    await fetchBytes(sources, 'https://example.test/catalog.json', 'the catalog', 1000)
    expect(seen).toEqual([])
  })

  it('stops a download whose signal aborts', async () => {
    const controller = new AbortController()
    const sources = withDownloadProgress(
      sourcesAnswering(bytes, 4, { 'content-length': '400' }),
      (_stage, percent) => {
        if (percent >= 50) controller.abort(new Error('cancelled'))
      },
      controller.signal,
    )
    await expect(fetchBytes(sources, 'https://example.test/p.zip', 'the archive', 1000)).rejects.toThrow(
      /cancelled/,
    )
    await expect(fetchBytes(sources, 'https://example.test/p.zip', 'the archive', 1000)).rejects.toThrow(
      /cancelled/,
    )
  })
})
