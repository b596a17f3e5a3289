import type { TimedAnswer, TimedCall } from './TimedCall'

/**
 * Times `calls` one after another with this realm's `fetch` against `baseUrl` ('' for the page's own
 * origin), sending `header: bench` where a header is named. A stream is read to its end; its first
 * `token` event is timed too. Self-contained (no imports, no named inner functions), so that a page can
 * run it through `page.evaluate` and Node can call it as it is: both hosts are measured alike.
 */
export async function timeCalls({
  calls,
  baseUrl,
  header,
}: {
  calls: readonly TimedCall[]
  baseUrl: string
  header: string | null
}): Promise<TimedAnswer[]> {
  const answers: TimedAnswer[] = []
  for (const call of calls) {
    const headers: Record<string, string> = { accept: 'application/json, text/event-stream' }
    if (header) headers[header] = 'bench'
    if (call.body !== undefined) headers['content-type'] = 'application/json'
    const started = performance.now()
    const response = await fetch(baseUrl + call.path, {
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
        if (firstToken === null && value.includes('event: token')) firstToken = performance.now() - started
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
}
