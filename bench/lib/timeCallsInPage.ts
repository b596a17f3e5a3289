import type { Page } from '@playwright/test'
import type { TimedAnswer, TimedCall } from './TimedCall'
import { VIA_SERVICE_WORKER } from '../../web/browser/api/viaServiceWorker'

/**
 * Times `calls` one after another from the page's own `fetch`, the page's clock: the app's direct path to
 * the API worker, or with `viaServiceWorker` the old route (service worker, msw in the page, API worker),
 * which plugins and scripts still take. A stream is read to its end; its first `token` event is timed too.
 */
export async function timeCallsInPage(
  page: Page,
  calls: readonly TimedCall[],
  viaServiceWorker: boolean,
): Promise<TimedAnswer[]> {
  return page.evaluate(
    async ({ calls, header }) => {
      const answers: TimedAnswer[] = []
      for (const call of calls) {
        const headers: Record<string, string> = { accept: 'application/json, text/event-stream' }
        if (header) headers[header] = 'bench'
        if (call.body !== undefined) headers['content-type'] = 'application/json'
        const started = performance.now()
        const response = await fetch(call.path, {
          method: call.method,
          headers,
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        })
        let firstToken: number | null = null
        let text = ''
        if (response.headers.get('content-type')?.includes('text/event-stream') && response.body) {
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            if (firstToken === null && value.includes('event: token'))
              firstToken = performance.now() - started
            text += value
          }
        } else text = await response.text()
        const ms = performance.now() - started
        let digest = `${text.length} chars`
        try {
          const parsed = JSON.parse(text) as { chunks?: Array<{ content: string }> }
          if (Array.isArray(parsed.chunks))
            digest = parsed.chunks.map((chunk) => chunk.content.slice(0, 40)).join(' | ')
        } catch {
          // Not JSON (a stream): its length is the digest.
        }
        answers.push({
          ms,
          status: response.status,
          host: response.headers.get('x-quire-host'),
          first_token_ms: firstToken,
          digest,
        })
      }
      return answers
    },
    { calls, header: viaServiceWorker ? VIA_SERVICE_WORKER : null },
  )
}
