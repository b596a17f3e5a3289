import { describe, expect, it } from 'vitest'
import { dataStream } from './dataStream'

async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text()
}

describe('dataStream', () => {
  it('sends each value as a bare data: line and ends with data: [DONE]', async () => {
    const result = dataStream(
      async function* () {
        yield { type: 'conversation', conversation_id: 'c1' }
        yield { choices: [{ delta: { content: 'Hi' } }] }
      },
      () => ({}),
    )
    expect(result.headers?.['Content-Type']).toMatch(/^text\/event-stream/)
    expect(await textOf(result.stream!)).toBe(
      'data: {"type":"conversation","conversation_id":"c1"}\n\n' +
        'data: {"choices":[{"delta":{"content":"Hi"}}]}\n\n' +
        'data: [DONE]\n\n',
    )
  })

  it('a failure after the start is one more data: value, then [DONE]', async () => {
    const result = dataStream(
      async function* () {
        yield { text: 'part' }
        throw new Error('upstream broke')
      },
      (error) => ({ error: true, message: (error as Error).message }),
    )
    expect(await textOf(result.stream!)).toBe(
      'data: {"text":"part"}\n\ndata: {"error":true,"message":"upstream broke"}\n\ndata: [DONE]\n\n',
    )
  })

  it('cancelling the stream aborts the producer’s signal and lets it finish its own way', async () => {
    let seen: AbortSignal | undefined
    let finished = false
    const result = dataStream(
      async function* (signal) {
        seen = signal
        try {
          yield { text: 'first' }
          // A real producer (a model's stream) stops at once on an aborted signal.
          if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve))
          yield { text: 'never read' }
        } finally {
          finished = true
        }
      },
      () => ({}),
    )
    const reader = result.stream!.getReader()
    await reader.read()
    await reader.cancel()
    expect(seen?.aborted).toBe(true)
    expect(finished).toBe(true)
  })
})
