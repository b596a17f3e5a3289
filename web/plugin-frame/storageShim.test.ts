import { describe, expect, it, vi } from 'vitest'
import { MAX_FRAME_STORAGE_CHARS, readFrameMessage } from '../core/plugins/runtime/frameProtocol'
import { installStorageShim, ShimStorage, storageObject } from './storageShim'

/** A frame window whose own storage throws, as in a sandbox without allow-same-origin. */
function sandboxedWindow(): Record<string, unknown> {
  const target: Record<string, unknown> = {}
  for (const name of ['localStorage', 'sessionStorage']) {
    Object.defineProperty(target, name, {
      configurable: true,
      get() {
        throw new DOMException("Failed to read the 'localStorage' property from 'Window'", 'SecurityError')
      },
    })
  }
  return target
}

describe('ShimStorage', () => {
  it('behaves as Storage: strings, null for nothing, key order, length, clear', () => {
    const changed = vi.fn()
    const storage = storageObject(new ShimStorage({ seeded: 'yes' }, changed))
    expect(storage.getItem('seeded')).toBe('yes')
    expect(storage.getItem('missing')).toBe(null)
    storage.setItem('n', 42 as unknown as string)
    expect(storage.getItem('n')).toBe('42')
    expect(storage.length).toBe(2)
    expect(storage.key(0)).toBe('seeded')
    expect(storage.key(5)).toBe(null)
    storage.removeItem('seeded')
    expect(storage.length).toBe(1)
    storage.clear()
    expect(storage.length).toBe(0)
    expect(changed).toHaveBeenCalledTimes(3)
  })

  it('reads and writes items as properties too', () => {
    const storage = storageObject(new ShimStorage({}, () => undefined)) as unknown as Record<string, unknown>
    storage.theme = 'dark'
    expect(storage.theme).toBe('dark')
    expect(Object.keys(storage)).toEqual(['theme'])
    expect('theme' in storage).toBe(true)
    delete storage.theme
    expect(storage.theme).toBe(undefined)
    expect(String(storage)).toBe('[object Storage]')
  })

  it('does not announce a write that changes nothing', () => {
    const changed = vi.fn()
    const storage = new ShimStorage({ a: '1' }, changed)
    storage.setItem('a', '1')
    storage.removeItem('b')
    expect(changed).not.toHaveBeenCalled()
  })

  it('throws QuotaExceededError past the area’s size and keeps what it had', () => {
    const storage = new ShimStorage({ a: '1' }, () => undefined)
    expect(() => storage.setItem('big', 'x'.repeat(MAX_FRAME_STORAGE_CHARS))).toThrow(
      expect.objectContaining({ name: 'QuotaExceededError' }),
    )
    expect(storage.getItem('big')).toBe(null)
    expect(storage.getItem('a')).toBe('1')
  })

  it('ignores seed values that are not strings', () => {
    const storage = new ShimStorage({ a: 1 } as unknown as Record<string, string>, () => undefined)
    expect(storage.length).toBe(0)
  })
})

describe('installStorageShim', () => {
  it('replaces the throwing storage of a sandboxed frame, per area, and sends each area once a task', async () => {
    const frame = sandboxedWindow()
    const sent: Array<[string, Record<string, string>]> = []
    installStorageShim(frame, { local: { scope: 'library' }, session: {} }, (area, items) =>
      sent.push([area, items]),
    )
    const local = frame.localStorage as Storage
    const session = frame.sessionStorage as Storage
    expect(local.getItem('scope')).toBe('library')
    local.setItem('a', '1')
    local.setItem('b', '2')
    session.setItem('tab', 'x')
    expect(session.getItem('scope')).toBe(null)
    expect(sent).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(sent).toEqual([
      ['local', { scope: 'library', a: '1', b: '2' }],
      ['session', { tab: 'x' }],
    ])
  })
})

describe('the storage message the host reads', () => {
  it('takes an area of string items within the size', () => {
    expect(readFrameMessage({ kind: 'storage', area: 'local', items: { a: '1' } })).toEqual({
      kind: 'storage',
      area: 'local',
      items: { a: '1' },
    })
  })

  it.each([
    ['another area', { kind: 'storage', area: 'cookies', items: {} }],
    ['a list', { kind: 'storage', area: 'local', items: [] }],
    ['a value that is not a string', { kind: 'storage', area: 'local', items: { a: 1 } }],
    ['too much', { kind: 'storage', area: 'session', items: { a: 'x'.repeat(MAX_FRAME_STORAGE_CHARS + 1) } }],
  ])('refuses %s', (_what, message) => {
    expect(readFrameMessage(message)).toBe(undefined)
  })
})
