import { afterEach, describe, expect, it } from 'vitest'
import { readFrameMessage, type HostToFrame } from '../core/plugins/runtime/frameProtocol'
import { FrameRpc } from './FrameRpc'
import { frameServices } from './frameServices'

type Answer = (call: {
  service: string
  method: string
  args: unknown[]
}) => HostToFrame['kind'] extends never
  ? never
  : { ok: true; value: unknown } | { ok: false; message: string }

const channels: MessageChannel[] = []
afterEach(() => channels.splice(0).forEach((c) => (c.port1.close(), c.port2.close())))

/** A frame's services wired to a fake host answering each call with `answer`. */
function wire(answer: Answer) {
  const channel = new MessageChannel()
  channels.push(channel)
  const rpc = new FrameRpc(channel.port2)
  channel.port2.onmessage = (event) => rpc.receive(event.data as HostToFrame)
  const calls: Array<{ service: string; method: string; args: unknown[] }> = []
  channel.port1.onmessage = (event) => {
    const message = readFrameMessage(event.data)
    if (message?.kind !== 'call') return
    calls.push(message)
    const result = answer(message)
    channel.port1.postMessage(
      result.ok
        ? { kind: 'result', id: message.id, ok: true, value: result.value }
        : { kind: 'result', id: message.id, ok: false, error: { message: result.message, status: 403 } },
    )
  }
  const push = (message: HostToFrame) => channel.port1.postMessage(message)
  const services = frameServices(rpc, {
    api: ['get', 'post'],
    theme: ['getCurrentTheme', 'addThemeChangeListener', 'removeThemeChangeListener'],
    event: ['sendMessage', 'subscribeToMessages', 'unsubscribeFromMessages'],
    pageContext: ['getCurrentPageContext', 'onPageContextChange'],
  }) as Record<string, Record<string, (...args: unknown[]) => unknown>>
  return { services, calls, push }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 10))

describe('frameServices', () => {
  it('carries a call and resolves with the host’s value, or rejects with its error', async () => {
    const { services, calls } = wire((call) =>
      call.method === 'get' ? { ok: true, value: [{ id: 1 }] } : { ok: false, message: 'refused' },
    )
    await expect(services.api!.get!('/api/collections/')).resolves.toEqual([{ id: 1 }])
    expect(calls[0]).toMatchObject({ service: 'api', method: 'get', args: ['/api/collections/'] })
    await expect(services.api!.post!('/x', {})).rejects.toMatchObject({ message: 'refused', status: 403 })
  })

  it('refuses arguments that cannot travel', async () => {
    const { services } = wire(() => ({ ok: true, value: null }))
    await expect(services.api!.get!('/x', { onDone: () => 1 })).rejects.toThrow(/plain data/)
  })

  it('keeps listeners in the frame and hands them the host’s pushes', async () => {
    const { services, calls, push } = wire(() => ({ ok: true, value: null }))
    const themes: unknown[] = []
    const messages: unknown[] = []
    const contexts: unknown[] = []
    const onTheme = (theme: unknown) => themes.push(theme)
    const onMessage = (message: unknown) => messages.push(message)
    await services.theme!.addThemeChangeListener!(onTheme)
    await services.event!.subscribeToMessages!('Follower', onMessage)
    const stop = services.pageContext!.onPageContextChange!((c: unknown) => contexts.push(c)) as () => void
    await tick()
    expect(calls.map((c) => `${c.service}.${c.method}:${JSON.stringify(c.args)}`)).toEqual([
      'theme.addThemeChangeListener:[]',
      'event.subscribeToMessages:["Follower"]',
      'pageContext.onPageContextChange:[]',
    ])
    push({ kind: 'push', topic: 'theme', value: 'dark' })
    push({ kind: 'push', topic: 'message', channel: 'Follower', message: { type: 't' } })
    push({ kind: 'push', topic: 'message', channel: 'Other', message: { type: 'x' } })
    push({ kind: 'push', topic: 'pageContext', value: null })
    await tick()
    expect(themes).toEqual(['dark'])
    expect(messages).toEqual([{ type: 't' }])
    expect(contexts).toEqual([null])

    stop()
    await services.theme!.removeThemeChangeListener!(onTheme)
    await services.event!.unsubscribeFromMessages!('Follower', onMessage)
    push({ kind: 'push', topic: 'theme', value: 'light' })
    push({ kind: 'push', topic: 'message', channel: 'Follower', message: { type: 't' } })
    push({ kind: 'push', topic: 'pageContext', value: null })
    await tick()
    expect(themes).toEqual(['dark'])
    expect(messages).toHaveLength(1)
    expect(contexts).toHaveLength(1)
  })

  it('drops a listener the host refused', async () => {
    const { services, push } = wire(() => ({ ok: false, message: 'not declared' }))
    const themes: unknown[] = []
    await expect(services.theme!.addThemeChangeListener!((t: unknown) => themes.push(t))).rejects.toThrow(
      'not declared',
    )
    push({ kind: 'push', topic: 'theme', value: 'dark' })
    await tick()
    expect(themes).toEqual([])
  })
})
