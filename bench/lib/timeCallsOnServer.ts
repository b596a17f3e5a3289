import type { TimedAnswer, TimedCall } from './TimedCall'

/**
 * Times `calls` one after another against the sync server at `baseUrl` from this process, as a script
 * reaches it (Node's fetch, one keep-alive connection); the same measurements as `timeCallsInPage`.
 */
export async function timeCallsOnServer(
  baseUrl: string,
  calls: readonly TimedCall[],
): Promise<TimedAnswer[]> {
  const answers: TimedAnswer[] = []
  for (const call of calls) {
    const headers: Record<string, string> = { accept: 'application/json, text/event-stream' }
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
