import { afterEach, describe, expect, it } from 'vitest'
import { readFrameMessage, stubbedMethods, type HostToFrame } from '../core/plugins/runtime/frameProtocol'
import { FrameRpc } from './FrameRpc'
import { frameServices } from './frameServices'

const channels: MessageChannel[] = []
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())))

type State = (...args: unknown[]) => unknown

/** A module that declares pluginState, against a host that keeps one state as ModuleHost does. */
function wire() {
  const channel = new MessageChannel()
  channels.push(channel)
  const rpc = new FrameRpc(channel.port2)
  channel.port2.onmessage = (event) => rpc.receive(event.data as HostToFrame)
  let kept: unknown = null
  const calls: string[] = []
  channel.port1.onmessage = (event) => {
    const message = readFrameMessage(event.data)
    if (message?.kind !== 'call') return
    calls.push(`${message.service}.${message.method}`)
    if (message.method === 'saveState') kept = message.args[0]
    if (message.method === 'clearState') kept = null
    const value = message.method === 'getState' ? kept : undefined
    channel.port1.postMessage({ kind: 'result', id: message.id, ok: true, value })
  }
  const services = frameServices(rpc, {
    services: stubbedMethods({ pluginState: { methods: ['saveState'] } }),
    declared: { pluginState: ['saveState'] },
  }) as Record<string, Record<string, State>>
  return { state: services.pluginState!, calls }
}

describe('the pluginState service', () => {
  it('refuses to save before configure(), as BrainDrive’s does', async () => {
    const { state, calls } = wire()
    expect(state.getConfiguration!()).toBeNull()
    await expect(state.saveState!({ a: 1 })).rejects.toThrow(/not configured/)
    expect(calls).toEqual([])
  })

  it('saves the sanitized state, restores it to onRestore, clears it', async () => {
    const { state, calls } = wire()
    const config = {
      pluginId: 'QuireCompat',
      stateStrategy: 'session',
      stateSchema: { draft: { type: 'string', default: '' }, count: { type: 'number', required: true } },
    }
    state.configure!(config)
    expect(state.getConfiguration!()).toBe(config)
    expect(state.validateState!({ draft: 'x' })).toBe(false)
    expect(state.validateState!({ count: 'one' })).toBe(false)
    expect(state.sanitizeState!({ count: 2, extra: true })).toEqual({ draft: '', count: 2 })
    await expect(state.saveState!({ draft: 1 })).rejects.toThrow('State validation failed')

    const saved: unknown[] = []
    const restored: unknown[] = []
    let cleared = 0
    state.onSave!((s: unknown) => saved.push(s))
    const stopRestore = state.onRestore!((s: unknown) => restored.push(s)) as () => void
    state.onClear!(() => (cleared += 1))
    await state.saveState!({ draft: 'Hello', count: 3, secret: 'dropped' })
    expect(saved).toEqual([{ draft: 'Hello', count: 3 }])
    await expect(state.getState!()).resolves.toEqual({ draft: 'Hello', count: 3 })
    expect(restored).toEqual([{ draft: 'Hello', count: 3 }])
    stopRestore()
    await state.clearState!()
    expect(cleared).toBe(1)
    await expect(state.getState!()).resolves.toBeNull()
    expect(restored).toHaveLength(1)
    expect(calls).toEqual([
      'pluginState.saveState',
      'pluginState.getState',
      'pluginState.clearState',
      'pluginState.getState',
    ])
  })

  it('keeps nothing for stateStrategy none', async () => {
    const { state, calls } = wire()
    state.configure!({ pluginId: 'QuireCompat', stateStrategy: 'none' })
    await state.saveState!({ a: 1 })
    await expect(state.getState!()).resolves.toBeNull()
    expect(calls).toEqual([])
  })
})
