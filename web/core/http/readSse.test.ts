import { describe, expect, it } from 'vitest'
import { readSse, type SseEvent } from './readSse'

/** A body that delivers `parts` as separate reads, recording whether it was cancelled. */
function bodyOf(parts: Array<string | Uint8Array>, options: { endless?: boolean } = {}) {
  const state = { cancelled: false as boolean, reason: undefined as unknown }
  const encoder = new TextEncoder()
  let i = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[i++]
      if (part !== undefined) controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part)
      else if (!options.endless) controller.close()
      // Endless: leave the read pending, like a server that is still thinking.
      else return new Promise(() => undefined)
    },
    cancel(reason) {
      state.cancelled = true
      state.reason = reason
    },
  })
  return { body, state }
}

async function collect(parts: Array<string | Uint8Array>): Promise<SseEvent[]> {
  const events: SseEvent[] = []
  for await (const event of readSse(bodyOf(parts).body)) events.push(event)
  return events
}

/** Every byte in a read of its own: each boundary a parser could get wrong. */
function byteByByte(text: string): Uint8Array[] {
  return [...new TextEncoder().encode(text)].map((byte) => Uint8Array.of(byte))
}

describe('readSse', () => {
  const stream =
    '\uFEFF: a comment, ignored\n' +
    'data: first\n\n' +
    'event: token\r\ndata:{"text":"héllo"}\r\n\r\n' +
    'id: 7\rdata: line one\rdata: line two\r\r' +
    'event: done\ndata\n\n' +
    'retry: 1000\nunknown: field\nevent: ignored\n\n' +
    'data:  two spaces\n\n'
  const expected: SseEvent[] = [
    { event: 'message', data: 'first' },
    { event: 'token', data: '{"text":"héllo"}' },
    { event: 'message', data: 'line one\nline two', id: '7' },
    { event: 'done', data: '', id: '7' },
    { event: 'message', data: ' two spaces', id: '7' },
  ]

  it('parses as EventSource does: LF, CRLF and CR lines, comments, multi-line data, ids, defaults', async () => {
    expect(await collect([stream])).toEqual(expected)
  })

  it('gives the same events however the bytes are split across reads (CRLF and UTF-8 included)', async () => {
    expect(await collect(byteByByte(stream))).toEqual(expected)
    const mid = stream.indexOf('\r\n') + 1
    expect(await collect([stream.slice(0, mid), stream.slice(mid)])).toEqual(expected)
  })

  it('discards an event the stream ended in the middle of, and ignores ids containing NUL', async () => {
    expect(await collect(['id: a\0b\ndata: kept\n\ndata: unfinished\n'])).toEqual([
      { event: 'message', data: 'kept' },
    ])
    expect(await collect(['data: no blank line'])).toEqual([])
  })

  it('stops and cancels the body on abort, throwing the reason', async () => {
    const { body, state } = bodyOf(['data: one\n\n'], { endless: true })
    const controller = new AbortController()
    const reason = new Error('stopped by the user')
    const events: string[] = []
    const reading = (async () => {
      for await (const event of readSse(body, controller.signal)) {
        events.push(event.data)
        setTimeout(() => controller.abort(reason), 10)
      }
    })()
    await expect(reading).rejects.toBe(reason)
    expect(events).toEqual(['one'])
    expect(state.cancelled).toBe(true)
  })

  it('refuses an already aborted signal and cancels the body when the reader stops early', async () => {
    const controller = new AbortController()
    controller.abort(new Error('too late'))
    await expect(readSse(bodyOf([]).body, controller.signal).next()).rejects.toThrow('too late')

    const { body, state } = bodyOf(['data: 1\n\ndata: 2\n\n'], { endless: true })
    for await (const event of readSse(body)) {
      expect(event.data).toBe('1')
      break
    }
    expect(state.cancelled).toBe(true)
  })

  it('rethrows a stream error as is', async () => {
    let reads = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (reads++ === 0) controller.enqueue(new TextEncoder().encode('data: a\n\n'))
        else controller.error(new TypeError('terminated'))
      },
    })
    const events: string[] = []
    await expect(
      (async () => {
        for await (const event of readSse(body)) events.push(event.data)
      })(),
    ).rejects.toThrow('terminated')
    expect(events).toEqual(['a'])
  })
})
