import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError } from './ApiRequestError'
import { postStreamedMessage } from './postStreamedMessage'

/** A response streaming `text` as server-sent events. */
const eventStream = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } })

const ask = (onEvent = vi.fn()) =>
  postStreamedMessage<{ id: string }>({
    path: '/api/stream',
    body: { message: 'Hello' },
    signal: new AbortController().signal,
    onEvent,
    noun: 'reply',
  })

describe('postStreamedMessage', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('POSTs the body as JSON, hands on each event and resolves with the message `done` carries', async () => {
    const fetchMock = vi.fn(async () =>
      eventStream(
        'event: sources\ndata: {"sources":[]}\n\n' +
          'event: token\ndata: {"text":"Hi"}\n\n' +
          'event: done\ndata: {"message":{"id":"m1"}}\n\n',
      ),
    )
    vi.stubGlobal('fetch', fetchMock)
    const onEvent = vi.fn()
    await expect(ask(onEvent)).resolves.toEqual({ id: 'm1' })
    expect(onEvent.mock.calls).toEqual([
      ['sources', { sources: [] }],
      ['token', { text: 'Hi' }],
    ])
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/stream',
      expect.objectContaining({ method: 'POST', body: '{"message":"Hello"}' }),
    )
  })

  it('rejects with the error event’s status and detail', async () => {
    vi.stubGlobal('fetch', async () => eventStream('event: error\ndata: {"status":502,"detail":"Down"}\n\n'))
    await expect(ask()).rejects.toBeInstanceOf(ApiRequestError)
    await expect(ask()).rejects.toMatchObject({ status: 502, detail: 'Down' })
  })

  it('says the message was cut short when the stream ends without `done`', async () => {
    vi.stubGlobal('fetch', async () => eventStream('event: token\ndata: {"text":"Hi"}\n\n'))
    await expect(ask()).rejects.toMatchObject({
      status: 0,
      detail: 'The reply ended before it was complete. Try again.',
    })
  })

  it('carries a refusal’s detail, or the status line when the body is not JSON', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ detail: 'No model' }, { status: 409 }))
    await expect(ask()).rejects.toMatchObject({ status: 409, detail: 'No model' })
    vi.stubGlobal('fetch', async () => new Response('<html>', { status: 500 }))
    await expect(ask()).rejects.toMatchObject({ status: 500, detail: 'The request failed (500).' })
  })

  it('answers status 0 when the API cannot be reached', async () => {
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(ask()).rejects.toMatchObject({ status: 0 })
  })
})
