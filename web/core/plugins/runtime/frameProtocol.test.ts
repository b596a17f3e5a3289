import { describe, expect, it } from 'vitest'
import { declaredMethods, readFrameMessage, SERVICE_METHODS, stubbedMethods } from './frameProtocol'

describe('readFrameMessage', () => {
  it('reads the four kinds of frame message', () => {
    expect(readFrameMessage({ kind: 'call', id: 1, service: 'api', method: 'get', args: ['/x'] })).toEqual({
      kind: 'call',
      id: 1,
      service: 'api',
      method: 'get',
      args: ['/x'],
    })
    expect(readFrameMessage({ kind: 'ready', extra: 1 })).toEqual({ kind: 'ready' })
    expect(readFrameMessage({ kind: 'error', message: 'boom' })).toEqual({ kind: 'error', message: 'boom' })
    expect(readFrameMessage({ kind: 'size', height: 120.2 })).toEqual({ kind: 'size', height: 121 })
  })

  it('ignores anything else', () => {
    for (const junk of [
      null,
      'ready',
      [],
      { kind: 'call', id: '1', service: 'api', method: 'get' },
      { kind: 'call', id: 1.5, service: 'api', method: 'get' },
      { kind: 'size', height: -1 },
      { kind: 'size', height: Infinity },
      { kind: 'load' },
    ]) {
      expect(readFrameMessage(junk)).toBeUndefined()
    }
    expect(readFrameMessage({ kind: 'call', id: 2, service: 'api', method: 'get', args: 'x' })).toMatchObject(
      {
        args: [],
      },
    )
    expect(readFrameMessage({ kind: 'error', message: 'x'.repeat(5000) })).toMatchObject({
      message: 'x'.repeat(2000),
    })
  })
})

describe('stubbedMethods', () => {
  it('stubs every known method and the module’s own extras on known services', () => {
    const stubs = stubbedMethods({ api: { methods: ['get', 'getStream'] }, files: { methods: ['x'] } })
    expect(stubs.api).toEqual([
      'get',
      'post',
      'put',
      'delete',
      'patch',
      'postStreaming',
      'getSse',
      'subscribeToSse',
      'getStream',
    ])
    expect(stubs.theme).toContain('addThemeChangeListener')
    expect(stubs).not.toHaveProperty('files')
  })
})

describe('declaredMethods', () => {
  it('lists what a module declares on known services only, strings only; no list is the whole service', () => {
    expect(
      declaredMethods({
        theme: { methods: ['getCurrentTheme', 7] },
        pageContext: {},
        files: { methods: ['x'] },
      }),
    ).toEqual({ theme: ['getCurrentTheme'], pageContext: [...SERVICE_METHODS.pageContext] })
  })
})

describe('a frame’s request to a provided service (issue 42)', () => {
  const good = {
    kind: 'fetch',
    id: 3,
    method: 'POST',
    url: 'http://localhost:8000/collections/',
    headers: [['content-type', 'application/json']],
    body: new TextEncoder().encode('{}').buffer,
  }

  it('is read with its method, URL, headers and body', () => {
    expect(readFrameMessage(good)).toEqual(good)
    expect(readFrameMessage({ ...good, body: null })).toMatchObject({ body: null })
    expect(readFrameMessage({ kind: 'fetch-abort', id: 3 })).toEqual({ kind: 'fetch-abort', id: 3 })
  })

  it.each([
    ['an id that is not a whole number', { ...good, id: 1.5 }],
    ['a URL that is not text', { ...good, url: 42 }],
    ['a URL too long', { ...good, url: `http://localhost:8000/${'a'.repeat(8000)}` }],
    ['a method too long', { ...good, method: 'X'.repeat(21) }],
    ['headers that are not pairs', { ...good, headers: [['a']] }],
    ['a header value that is not text', { ...good, headers: [['a', 1]] }],
    ['too many headers', { ...good, headers: Array.from({ length: 101 }, () => ['a', 'b']) }],
    ['a body that is not bytes', { ...good, body: '{}' }],
    ['an abort without its id', { kind: 'fetch-abort' }],
  ])('is refused with %s', (_what, message) => {
    expect(readFrameMessage(message)).toBe(undefined)
  })
})
