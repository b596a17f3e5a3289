import { describe, expect, it } from 'vitest'
import { takeEvents } from './runStreamingCall'

describe('takeEvents', () => {
  it('answers the data of complete events and keeps an unfinished one', () => {
    expect(takeEvents('data: Hel\n\ndata:lo\r\n\r\nevent: x\ndata: a\ndata: b\n\ndata: unfin')).toEqual({
      events: ['Hel', 'lo', 'a\nb'],
      rest: 'data: unfin',
    })
  })

  it('skips comments and events without data', () => {
    expect(takeEvents(': keep-alive\n\nid: 3\n\ndata: [DONE]\n\n')).toEqual({ events: ['[DONE]'], rest: '' })
  })
})
