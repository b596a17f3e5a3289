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
