import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { readFrameMessage } from '../core/plugins/runtime/frameProtocol'
import type { PluginIdentity } from '../core/plugins/runtime/planApiRequest'
import { runFrameFetch } from '../app/plugins/runtime/runFrameFetch'
import { FrameEventSource, readEventBlock } from './frameEventSource'
import { FrameFetch, isProvidedUrl } from './frameFetch'
import { FrameXhr } from './frameXhr'
import { movedServices } from '../core/plugins/providedServices'

const chatWithDocs: PluginIdentity = {
  id: 'p1',
  slug: 'BrainDriveChatWithDocs',
  permissions: ['storage.read', 'storage.write', 'api.access'],
}

/** Quire's page answering `/api/...` (a stand-in for the in-browser API): what it was asked, and its answers. */
let asked: Array<{ path: string; method: string; headers: Headers; body: string | null }> = []
let answer: (path: string) => Response

beforeEach(() => {
  asked = []
  answer = () => Response.json([{ id: 'c1', name: 'Filings' }])
  vi.stubGlobal('location', { origin: 'http://quire.test' })
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const body = init.body ? new TextDecoder().decode(init.body as ArrayBuffer) : null
      asked.push({ path, method: String(init.method), headers: new Headers(init.headers), body })
      return answer(path)
    }),
  )
})

afterEach(() => vi.unstubAllGlobals())

/** A frame's FrameFetch wired to a host running runFrameFetch for `plugin`, as ModuleHost does. */
function wire(plugin: PluginIdentity = chatWithDocs): FrameFetch {
  const channel = new MessageChannel()
  const frame = new FrameFetch((message, transfer) => channel.port2.postMessage(message, transfer ?? []))
  channel.port2.onmessage = (event) => frame.receive(event.data)
  const controllers = new Map<number, AbortController>()
  channel.port1.onmessage = (event) => {
    const message = readFrameMessage(event.data)
    if (message?.kind === 'fetch-abort') controllers.get(message.id)?.abort()
    if (message?.kind !== 'fetch') return
    const controller = new AbortController()
    controllers.set(message.id, controller)
    void runFrameFetch(plugin, message, controller.signal, (reply, transfer) =>
      channel.port1.postMessage(reply, transfer ?? []),
    )
  }
  cleanups.push(() => (channel.port1.close(), channel.port2.close()))
  return frame
}
const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((close) => close()))

describe('a frame’s requests to a service Quire provides', () => {
  it('knows which URLs go to the host', () => {
    expect(isProvidedUrl('http://127.0.0.1:8000/collections/')).toBe(true)
    expect(isProvidedUrl('http://localhost:18000/collections/')).toBe(true)
    expect(isProvidedUrl('https://example.com/')).toBe(false)
    expect(isProvidedUrl('/relative')).toBe(false)
  })

  it('answers fetch of the document chat service from Quire’s route, body and headers carried', async () => {
    const frame = wire()
    const response = await frame.fetch('http://127.0.0.1:8000/collections/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer stolen', cookie: 'a=b' },
      body: JSON.stringify({ name: 'Filings' }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual([{ id: 'c1', name: 'Filings' }])
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({ path: '/api/collections/', method: 'POST', body: '{"name":"Filings"}' })
    // Nothing but what the route needs: no credentials the plugin made up.
    expect(asked[0]?.headers.get('content-type')).toBe('application/json')
    expect(asked[0]?.headers.has('authorization')).toBe(false)
    expect(asked[0]?.headers.has('cookie')).toBe(false)
  })

  it('streams: each chunk reaches the frame as Quire sends it', async () => {
    let push: ((text: string) => void) | undefined
    let end: (() => void) | undefined
    answer = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(new TextEncoder().encode(text))
            end = () => controller.close()
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      )
    const frame = wire()
    const response = await frame.fetch('http://localhost:8000/chat/messages', { method: 'POST', body: '{}' })
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    push?.('data: one\n\n')
    expect((await reader.read()).value).toBe('data: one\n\n')
    push?.('data: two\n\n')
    expect((await reader.read()).value).toBe('data: two\n\n')
    end?.()
    expect((await reader.read()).done).toBe(true)
  })

  it('answers the health URL as the service would, to any plugin', async () => {
    answer = () => Response.json({ status: 'healthy' })
    const frame = wire({ id: 'h', slug: 'Nothing', permissions: [] })
    const response = await frame.fetch('http://localhost:8080/health')
    expect(response.ok).toBe(true)
    expect(asked[0]?.path).toBe('/api/health')
  })

  it('shows a plugin only the person’s id, username and display name', async () => {
    answer = () =>
      Response.json({ id: 'u1', username: 'ada', full_name: 'Ada', email: 'a@x', is_active: true })
    const response = await wire().fetch('http://localhost:8000/api/v1/auth/me')
    expect(await response.json()).toEqual({ id: 'u1', username: 'ada', full_name: 'Ada' })
  })

  it('gives a hostile package that declares a provided service only what its permissions allow', async () => {
    const hostile = wire({ id: 'h', slug: 'Hostile', permissions: ['network.request'] })
    for (const url of [
      'http://localhost:8000/collections/',
      'http://localhost:8000/api/v1/auth/tokens',
      'http://localhost:8000/api/v1/account/sign-in',
      'http://localhost:8000/api/v1/plugin-state/?plugin_id=Hostile',
    ]) {
      const response = await hostile.fetch(url, { method: 'POST', body: '{}' })
      expect(response.status, url).toBe(403)
      expect(((await response.json()) as { detail: string }).detail, url).toBeTruthy()
    }
    expect(asked).toEqual([])
  })

  it('follows a service the person moved to another port in the plugin’s settings', async () => {
    // The Chat plugin's RAG service at port 18555 (braindrive_rag_service_settings' document_chat.port).
    const moved = movedServices({
      braindrive_rag_service_settings: JSON.stringify({ document_chat: { host: '127.0.0.1', port: 18555 } }),
    })
    expect(moved).toEqual([{ service: 'document_chat', port: 18555 }])
    const frame = wire({ ...chatWithDocs, moved })
    frame.moved = moved
    expect(frame.reaches('http://127.0.0.1:18555/collections/')).toBe(true)
    expect(isProvidedUrl('http://127.0.0.1:18555/collections/')).toBe(false)
    const response = await frame.fetch('http://127.0.0.1:18555/collections/')
    expect(response.status).toBe(200)
    expect(asked.map((a) => a.path)).toEqual(['/api/collections/'])
    // The host decides on its own copy: a frame that claims a port the person did not move is refused.
    const unmoved = wire(chatWithDocs)
    const refused = await unmoved.fetch('http://127.0.0.1:18555/collections/')
    expect(refused.status).toBe(403)
    expect(asked).toHaveLength(1)
  })

  it('takes the ports the host says were moved while the page is open', () => {
    const frame = new FrameFetch(() => undefined)
    expect(frame.reaches('http://localhost:18555/collections/')).toBe(false)
    expect(frame.receive({ kind: 'moved', moved: [{ service: 'document_chat', port: 18555 }] })).toBe(true)
    expect(frame.reaches('http://localhost:18555/collections/')).toBe(true)
    expect(frame.reaches('http://localhost:18556/collections/')).toBe(false)
  })

  it('refuses on the host what is not a provided service, whatever the frame sends', async () => {
    const frame = wire({ ...chatWithDocs, permissions: [...chatWithDocs.permissions, 'network.request'] })
    const response = await frame.fetch('https://example.com/steal')
    expect(response.status).toBe(403)
    expect(asked).toEqual([])
  })

  it('aborts: the promise rejects and the host stops', async () => {
    answer = () => new Response(new ReadableStream(), { headers: { 'content-type': 'text/plain' } })
    const controller = new AbortController()
    const response = await wire().fetch('http://localhost:8000/documents/', { signal: controller.signal })
    const reading = response.text()
    controller.abort()
    await expect(reading).rejects.toThrow()
  })
})

describe('EventSource and XMLHttpRequest over it', () => {
  it('reads server-sent event blocks', () => {
    expect(readEventBlock('event: done\ndata: a\ndata: b\nid: 7')).toEqual({
      type: 'done',
      data: 'a\nb',
      id: '7',
    })
    expect(readEventBlock(': comment')).toBe(undefined)
  })

  it('delivers a provided service’s events to onmessage and listeners, then reports the end', async () => {
    answer = () =>
      new Response('data: {"n":1}\n\nevent: progress\ndata: 50\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      })
    const source = new FrameEventSource('http://localhost:8000/evaluation/runs/1/events', wire())
    const seen: string[] = []
    source.onmessage = (event) => seen.push(`message ${(event as MessageEvent).data}`)
    source.addEventListener('progress', (event) => seen.push(`progress ${(event as MessageEvent).data}`))
    await new Promise<void>((resolve) => (source.onerror = () => resolve()))
    expect(seen).toEqual(['message {"n":1}', 'progress 50'])
    expect(source.readyState).toBe(2)
    expect(asked[0]?.headers.get('accept')).toBe('text/event-stream')
  })

  it('answers an XMLHttpRequest with status, headers and a JSON response', async () => {
    const xhr = new FrameXhr(wire())
    xhr.open('GET', 'http://127.0.0.1:8000/collections/')
    xhr.responseType = 'json'
    const loaded = new Promise<void>((resolve) => (xhr.onload = () => resolve()))
    xhr.send()
    await loaded
    expect(xhr.status).toBe(200)
    expect(xhr.readyState).toBe(4)
    expect(xhr.getResponseHeader('content-type')).toContain('application/json')
    expect(xhr.response).toEqual([{ id: 'c1', name: 'Filings' }])
  })
})
