import { afterEach, describe, expect, it } from 'vitest'
import { readFrameMessage, stubbedMethods, type HostToFrame } from '../core/plugins/runtime/frameProtocol'
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

const DECLARED = {
  api: ['get', 'post', 'subscribeToSse'],
  theme: ['getCurrentTheme', 'setTheme', 'addThemeChangeListener', 'removeThemeChangeListener'],
  settings: ['get', 'getSetting', 'subscribe', 'subscribeToCategory'],
  event: ['sendMessage', 'subscribeToMessages', 'unsubscribeFromMessages'],
  pageContext: ['getCurrentPageContext', 'onPageContextChange'],
}
const PAGE = { pageId: 'p1', pageName: 'Board', pageRoute: '/board', isStudioPage: false }

/** A frame's services wired to a fake host answering each call with `answer`. */
function wire(answer: Answer) {
  const channel = new MessageChannel()
  channels.push(channel)
  const rpc = new FrameRpc(channel.port2)
  rpc.seed({ theme: 'light', pageContext: PAGE, settings: {} })
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
  const services = frameServices(rpc, { services: stubbedMethods({}), declared: DECLARED }) as Record<
    string,
    Record<string, (...args: unknown[]) => unknown>
  >
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

  it('answers BrainDrive’s synchronous getters at once, from what the host pushed', async () => {
    const { services, calls, push } = wire(() => ({ ok: true, value: null }))
    expect(services.theme!.getCurrentTheme!()).toBe('light')
    expect(services.pageContext!.getCurrentPageContext!()).toEqual(PAGE)
    push({ kind: 'push', topic: 'theme', value: 'dark' })
    push({ kind: 'push', topic: 'pageContext', value: null })
    await tick()
    expect(services.theme!.getCurrentTheme!()).toBe('dark')
    expect(services.pageContext!.getCurrentPageContext!()).toBeNull()
    expect(calls).toEqual([])
  })

  it('keeps listeners in the frame and hands them the host’s pushes, returning what BrainDrive returns', async () => {
    const { services, calls, push } = wire(() => ({ ok: true, value: null }))
    const themes: unknown[] = []
    const messages: unknown[] = []
    const contexts: unknown[] = []
    const onTheme = (theme: unknown) => themes.push(theme)
    const onMessage = (message: unknown) => messages.push(message)
    expect(services.theme!.addThemeChangeListener!(onTheme)).toBeUndefined()
    expect(services.event!.subscribeToMessages!('Follower', onMessage)).toBeUndefined()
    const stop = services.pageContext!.onPageContextChange!((c: unknown) => contexts.push(c))
    expect(typeof stop).toBe('function')
    await tick()
    // Only the channel needs the host: theme and page context reach every module that declares them.
    expect(calls.map((c) => `${c.service}.${c.method}:${JSON.stringify(c.args)}`)).toEqual([
      'event.subscribeToMessages:["Follower"]',
    ])
    push({ kind: 'push', topic: 'theme', value: 'dark' })
    push({ kind: 'push', topic: 'theme', value: 'dark' })
    push({ kind: 'push', topic: 'message', channel: 'Follower', message: { type: 't' } })
    push({ kind: 'push', topic: 'message', channel: 'Other', message: { type: 'x' } })
    push({ kind: 'push', topic: 'pageContext', value: null })
    await tick()
    expect(themes).toEqual(['dark'])
    expect(messages).toEqual([{ type: 't' }])
    expect(contexts).toEqual([null])

    ;(stop as () => void)()
    expect(services.theme!.removeThemeChangeListener!(onTheme)).toBeUndefined()
    expect(services.event!.unsubscribeFromMessages!('Follower', onMessage)).toBeUndefined()
    push({ kind: 'push', topic: 'theme', value: 'light' })
    push({ kind: 'push', topic: 'message', channel: 'Follower', message: { type: 't' } })
    push({ kind: 'push', topic: 'pageContext', value: null })
    await tick()
    expect(themes).toEqual(['dark'])
    expect(messages).toHaveLength(1)
    expect(contexts).toHaveLength(1)
  })

  it('setTheme changes the theme at once and tells the host; sendMessage returns at once', async () => {
    const { services, calls } = wire(() => ({ ok: true, value: null }))
    const themes: unknown[] = []
    services.theme!.addThemeChangeListener!((t: unknown) => themes.push(t))
    expect(services.theme!.setTheme!('dark')).toBeUndefined()
    expect(services.theme!.getCurrentTheme!()).toBe('dark')
    expect(themes).toEqual(['dark'])
    expect(services.event!.sendMessage!('Follower', { type: 't', content: {} })).toBeUndefined()
    await tick()
    expect(calls.map((c) => `${c.service}.${c.method}`)).toEqual(['theme.setTheme', 'event.sendMessage'])
  })

  it('settings.get answers the mirror; subscribers hear changes, not first reads', async () => {
    const { services, calls, push } = wire(() => ({ ok: true, value: null }))
    expect(services.settings!.get!('plugin_config')).toBeUndefined()
    const heard: unknown[] = []
    const stop = services.settings!.subscribe!('plugin_config', (v: unknown) => heard.push(v)) as () => void
    await tick()
    expect(calls.map((c) => `${c.service}.${c.method}:${JSON.stringify(c.args)}`)).toEqual([
      'settings.get:["plugin_config"]',
      'settings.subscribe:["plugin_config"]',
    ])
    push({ kind: 'push', topic: 'setting', id: 'plugin_config', value: { n: 1 }, quiet: true })
    await tick()
    expect(services.settings!.get!('plugin_config')).toEqual({ n: 1 })
    expect(heard).toEqual([])
    push({ kind: 'push', topic: 'setting', id: 'plugin_config', value: { n: 2 } })
    await tick()
    expect(heard).toEqual([{ n: 2 }])
    stop()
    push({ kind: 'push', topic: 'setting', id: 'plugin_config', value: { n: 3 } })
    await tick()
    expect(heard).toEqual([{ n: 2 }])
    expect(services.settings!.get!('plugin_config')).toEqual({ n: 3 })
  })

  it('leaves out a synchronous method the module did not declare, as BrainDrive does', async () => {
    const { services, calls } = wire(() => ({ ok: false, message: 'not declared' }))
    expect(services.theme!.toggleTheme).toBeUndefined()
    expect(services.pageContext!.savePluginState).toBeDefined()
    // pluginState is there only for a module that declares it.
    expect(services.pluginState).toBeUndefined()
    // Undeclared async methods stay, and the host refuses them.
    await expect(services.api!.put!('/x', {})).rejects.toThrow('not declared')
    expect(calls.map((c) => `${c.service}.${c.method}`)).toEqual(['api.put'])
  })

  it('leaves out a service the module did not declare at all, as BrainDrive’s bridge does', () => {
    const channel = new MessageChannel()
    channels.push(channel)
    const services = frameServices(new FrameRpc(channel.port2), {
      services: stubbedMethods({ api: { methods: ['get'] } }),
      declared: { api: ['get'] },
    })
    expect(Object.keys(services)).toEqual(['api'])
  })

  it('subscribeToCategory tells the host and hears the category’s instances', async () => {
    const { services, calls, push } = wire(() => ({ ok: true, value: null }))
    const heard: unknown[] = []
    const stop = services.settings!.subscribeToCategory!('plugins', (i: unknown) =>
      heard.push(i),
    ) as () => void
    await tick()
    expect(calls.map((c) => `${c.service}.${c.method}:${JSON.stringify(c.args)}`)).toEqual([
      'settings.subscribeToCategory:["plugins"]',
    ])
    push({ kind: 'push', topic: 'category', category: 'other', instances: [] })
    push({ kind: 'push', topic: 'category', category: 'plugins', instances: [{ id: 'i1' }] })
    await tick()
    expect(heard).toEqual([[{ id: 'i1' }]])
    stop()
    push({ kind: 'push', topic: 'category', category: 'plugins', instances: [] })
    await tick()
    expect(heard).toHaveLength(1)
  })

  it('getSse keeps onMessage here, hands it the events, and resolves when the stream ends', async () => {
    let stream = 0
    const wired = wire((call) => {
      stream = call.args[1] as number
      wired.push({ kind: 'push', topic: 'chunk', stream, data: '{"n":1}' })
      return { ok: true, value: undefined }
    })
    const heard: unknown[] = []
    const answer = wired.services.api!.getSse!('/api/v1/x/events', (d: unknown) => heard.push(d))
    await expect(answer).resolves.toBeUndefined()
    expect(wired.calls[0]).toMatchObject({ method: 'getSse', args: ['/api/v1/x/events', stream] })
    expect(heard).toEqual(['{"n":1}'])
  })

  it('subscribeToSse answers its unsubscribe at once; handlers hear open, messages and close; unsubscribing cancels', async () => {
    const channel = new MessageChannel()
    channels.push(channel)
    const rpc = new FrameRpc(channel.port2)
    channel.port2.onmessage = (event) => rpc.receive(event.data as HostToFrame)
    const sent: unknown[] = []
    channel.port1.onmessage = (event) => sent.push(event.data)
    const services = frameServices(rpc, { services: stubbedMethods({}), declared: DECLARED }) as Record<
      string,
      Record<string, (...args: unknown[]) => unknown>
    >
    const heard: string[] = []
    const stop = services.api!.subscribeToSse!('/events', {
      onOpen: (response: Response) =>
        heard.push(`open ${response.status} ${response.headers.get('content-type')}`),
      onMessage: (data: string) => heard.push(`message ${data}`),
      onClose: () => heard.push('close'),
      onError: (error: Error) => heard.push(`error ${error.message}`),
    }) as () => void
    expect(typeof stop).toBe('function')
    await tick()
    const call = sent[0] as { id: number; method: string; args: [string, number] }
    expect(call).toMatchObject({
      kind: 'call',
      method: 'subscribeToSse',
      args: ['/events', expect.any(Number)],
    })
    const stream = call.args[1]
    channel.port1.postMessage({ kind: 'result', id: call.id, ok: true, value: null })
    channel.port1.postMessage({
      kind: 'push',
      topic: 'sse',
      stream,
      event: 'open',
      status: 200,
      contentType: 'text/event-stream',
    })
    channel.port1.postMessage({ kind: 'push', topic: 'chunk', stream, data: 'a' })
    await tick()
    stop()
    channel.port1.postMessage({ kind: 'push', topic: 'chunk', stream, data: 'b' })
    channel.port1.postMessage({ kind: 'push', topic: 'sse', stream, event: 'close' })
    await tick()
    expect(heard).toEqual(['open 200 text/event-stream', 'message a'])
    expect(sent).toContainEqual({ kind: 'cancel', stream })
  })

  it('subscribeToSse hands a refusal or the stream’s failure to onError', async () => {
    const { services } = wire(() => ({ ok: false, message: 'api.access is missing' }))
    const errors: string[] = []
    services.api!.subscribeToSse!('/events', { onError: (e: Error) => errors.push(e.message) })
    await tick()
    expect(errors).toEqual(['api.access is missing'])
  })

  it('postStreaming keeps its chunk callback here and hands it the chunks the host pushes', async () => {
    let stream = 0
    const wired = wire((call) => {
      stream = call.args[2] as number
      // Chunks come before the answer on the same channel, as the host sends them.
      wired.push({ kind: 'push', topic: 'chunk', stream, data: 'Hel' })
      wired.push({ kind: 'push', topic: 'chunk', stream, data: 'lo' })
      return { ok: true, value: 'Hello' }
    })
    const { services, calls, push } = wired
    const chunks: unknown[] = []
    const answer = services.api!.postStreaming!('/api/v1/ai/providers/chat', { stream: true }, (c: unknown) =>
      chunks.push(c),
    )
    await tick()
    expect(calls[0]).toMatchObject({ service: 'api', method: 'postStreaming' })
    expect(typeof stream).toBe('number')
    await expect(answer).resolves.toBe('Hello')
    expect(chunks).toEqual(['Hel', 'lo'])
    push({ kind: 'push', topic: 'chunk', stream, data: 'late' })
    await tick()
    expect(chunks).toEqual(['Hel', 'lo'])
  })

  it('postStreaming with BrainDrive Chat’s {timeout, signal}: the signal stays here, aborting cancels the stream', async () => {
    // The Chat plugin's aiService.ts:128 passes `{timeout: 120000, signal}`; an AbortSignal cannot be sent.
    const channel = new MessageChannel()
    channels.push(channel)
    const rpc = new FrameRpc(channel.port2)
    channel.port2.onmessage = (event) => rpc.receive(event.data as HostToFrame)
    const sent: Array<{ kind: string; id?: number; args?: unknown[]; stream?: number }> = []
    channel.port1.onmessage = (event) => sent.push(event.data as (typeof sent)[number])
    const services = frameServices(rpc, { services: stubbedMethods({}), declared: DECLARED }) as Record<
      string,
      Record<string, (...args: unknown[]) => unknown>
    >
    const controller = new AbortController()
    const chunks: unknown[] = []
    const answer = services.api!.postStreaming!(
      '/api/v1/ai/providers/chat',
      { stream: true },
      (c: unknown) => chunks.push(c),
      { timeout: 120000, signal: controller.signal, onProgress: () => 1 },
    ) as Promise<unknown>
    const settled = answer.catch((error: unknown) => error)
    await tick()
    const call = sent[0]!
    expect(call).toMatchObject({ kind: 'call', method: 'postStreaming' })
    const stream = call.args![2] as number
    expect(call.args![3]).toEqual({ timeout: 120000 })
    channel.port1.postMessage({ kind: 'push', topic: 'chunk', stream, data: 'Hel' })
    await tick()
    controller.abort()
    expect(((await settled) as Error).name).toBe('AbortError')
    await tick()
    expect(sent).toContainEqual({ kind: 'cancel', stream })
    channel.port1.postMessage({ kind: 'push', topic: 'chunk', stream, data: 'late' })
    await tick()
    expect(chunks).toEqual(['Hel'])
    // Aborted before the call: nothing is sent.
    await expect(
      services.api!.postStreaming!('/x', {}, () => 0, { signal: AbortSignal.abort() }) as Promise<unknown>,
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(sent.filter((m) => m.kind === 'call')).toHaveLength(1)
  })

  it('drops a listener the host refused', async () => {
    const { services, push } = wire(() => ({ ok: false, message: 'not declared' }))
    const messages: unknown[] = []
    services.event!.subscribeToMessages!('Follower', (m: unknown) => messages.push(m))
    await tick()
    push({ kind: 'push', topic: 'message', channel: 'Follower', message: { type: 't' } })
    await tick()
    expect(messages).toEqual([])
  })
})
