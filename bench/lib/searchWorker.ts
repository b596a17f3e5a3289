// Entry of the dedicated Web Worker that `searchInChromium` bundles: runs each search case it is
// sent, in a browser, with the same code the Node case runs (`runSearchCase`).
import { runSearchCase } from './runSearchCase'
import type { SearchWorkerMessage, SearchWorkerRequest } from './SearchWorkerMessage'

const scope = self as unknown as DedicatedWorkerGlobalScope
const send = (message: SearchWorkerMessage) => scope.postMessage(message)

scope.onmessage = async (event: MessageEvent<SearchWorkerRequest>) => {
  try {
    // Without isolation Chromium rounds performance.now() to 100 µs: too coarse for these timings.
    if (!scope.crossOriginIsolated) throw new Error('the search worker is not cross-origin isolated')
    for (const input of event.data.cases) {
      const result = await runSearchCase(input, (message) => send({ type: 'progress', message }))
      send({ type: 'result', result })
    }
    send({ type: 'done' })
  } catch (error) {
    send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
  }
}
