import { describe, expect, it } from 'vitest'
import { formatSse } from './formatSse'
import { readSse } from './readSse'

describe('formatSse', () => {
  it('writes event, id and JSON data on one line each, ending with a blank line', () => {
    expect(formatSse({ event: 'token', data: { text: 'a\nb' }, id: 3 })).toBe(
      'event: token\nid: 3\ndata: {"text":"a\\nb"}\n\n',
    )
    expect(formatSse({ data: 'plain' })).toBe('data: "plain"\n\n')
    expect(formatSse({ data: undefined })).toBe('data: null\n\n')
  })

  it('round-trips through readSse, line breaks in the data included', async () => {
    const sent = [
      { event: 'token', data: { text: 'line\r\nbreak: and colon' } },
      { event: 'done', data: null, id: 'x1' },
    ]
    const body = new Blob(sent.map(formatSse)).stream()
    const received = []
    for await (const event of readSse(body))
      received.push({ ...event, data: JSON.parse(event.data) as unknown })
    expect(received).toEqual([
      { event: 'token', data: { text: 'line\r\nbreak: and colon' } },
      { event: 'done', data: null, id: 'x1' },
    ])
  })

  it('refuses an event name or id that would break the frame', () => {
    expect(() => formatSse({ event: 'a\ndata: injected', data: 1 })).toThrow(TypeError)
    expect(() => formatSse({ id: 'a\rb', data: 1 })).toThrow(TypeError)
  })
})
