import { describe, expect, it } from 'vitest'
import { withHeartbeat } from './withHeartbeat'

describe('withHeartbeat', () => {
  it('sends comments between whole frames while open, and cancels the source with it', async () => {
    const encoder = new TextEncoder()
    let cancelled: unknown
    let emit: ((text: string) => void) | undefined
    const source = new ReadableStream<Uint8Array>({
      start(output) {
        emit = (text) => output.enqueue(encoder.encode(text))
      },
      cancel(reason) {
        cancelled = reason
      },
    })
    const reader = withHeartbeat(source, 20).getReader()
    const decoder = new TextDecoder()
    emit!('event: changed\ndata: {"cursor":1}\n\n')
    const chunks: string[] = []
    while (chunks.filter((c) => c === ': heartbeat\n\n').length < 2) {
      chunks.push(decoder.decode((await reader.read()).value))
    }
    expect(chunks[0]).toBe('event: changed\ndata: {"cursor":1}\n\n')
    await reader.cancel('gone')
    expect(cancelled).toBe('gone')
  })
})
