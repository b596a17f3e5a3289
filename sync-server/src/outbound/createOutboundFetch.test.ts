import type { LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from '../../test/fakeUpstream'
import { guardConnections } from '../../test/guardConnections'
import { createOutboundFetch } from './createOutboundFetch'
import { OutboundError } from './OutboundError'
import { outboundPolicy, type OutboundConfig } from './OutboundPolicy'
import { parseOutboundAllow } from './outboundAllow'

/** Names a test resolves itself: `*.test` to the addresses given, as DNS would. */
function lookupOf(names: Record<string, string[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = names[hostname]
    if (!addresses) {
      callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '')
      return
    }
    const all: LookupAddress[] = addresses.map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }))
    if (options.all) callback(null, all)
    else callback(null, all[0]!.address, all[0]!.family)
  }
}

const multiUser = (config: OutboundConfig = {}, lookup?: LookupFunction) =>
  createOutboundFetch({ ...outboundPolicy(config, { singleUser: false }), lookup })

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(OutboundError)
  return error as OutboundError
}

describe('createOutboundFetch', () => {
  let upstream: FakeUpstream
  let other: FakeUpstream
  let guard: ReturnType<typeof guardConnections>

  beforeAll(async () => {
    upstream = await startFakeUpstream()
    other = await startFakeUpstream()
  })
  afterAll(async () => {
    await upstream.close()
    await other.close()
  })
  beforeEach(() => {
    guard = guardConnections()
    upstream.requests = []
    upstream.connections = 0
    other.requests = []
    other.connections = 0
    upstream.handle = other.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}')
    }
  })
  afterEach(() => {
    guard.restore()
    expect(guard.attempts).toEqual([])
  })

  describe('addresses', () => {
    it('refuses this machine in multi-user mode, however it is written, before connecting', async () => {
      const fetch = multiUser()
      const port = upstream.port
      for (const [url, why] of [
        [`http://127.0.0.1:${port}/`, `127.0.0.1 is a loopback address, which this server does not reach`],
        [`http://localhost:${port}/`, `localhost resolves to a loopback address 127.0.0.1`],
        [`http://2130706433:${port}/`, '127.0.0.1 is a loopback address'],
        [`http://0x7f.1:${port}/`, '127.0.0.1 is a loopback address'],
        [`http://[::ffff:127.0.0.1]:${port}/`, '::ffff:127.0.0.1 is a loopback address'],
        [`http://[::1]:${port}/`, '::1 is a loopback address'],
        [`http://0.0.0.0:${port}/`, '0.0.0.0 is an unspecified address'],
      ] as const) {
        const error = await refusal(fetch(url))
        expect(error.failure).toBe('refused')
        expect(error.message).toContain(why)
        expect(error.message).toContain('an operator can allow it with OUTBOUND_ALLOW')
      }
      expect(upstream.connections).toBe(0)
    })

    it('refuses private, shared, link-local, metadata and IPv4-mapped addresses before any connection', async () => {
      const fetch = multiUser()
      for (const [url, why] of [
        ['http://10.0.0.5/', '10.0.0.5 is a private address'],
        ['http://172.16.0.1:8080/', '172.16.0.1 is a private address'],
        ['http://192.168.1.1/', '192.168.1.1 is a private address'],
        ['http://100.64.0.1/', '100.64.0.1 is a private address'],
        ['http://[fd12::1]/', 'fd12::1 is a private address'],
        ['http://169.254.1.1/', '169.254.1.1 is a link-local address'],
        ['http://[fe80::1]/', 'fe80::1 is a link-local address'],
        ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
        ['http://0xa9fea9fe/', '169.254.169.254 is a cloud metadata address'],
        ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a cloud metadata address'],
        ['http://[::ffff:10.0.0.5]/', '::ffff:10.0.0.5 is a private address'],
        ['http://[::ffff:a9fe:a9fe]/', '::ffff:169.254.169.254 is a cloud metadata address'],
        ['http://[::]/', ':: is an unspecified address'],
      ] as const) {
        expect((await refusal(fetch(url))).message).toContain(why)
      }
      // The guard saw no attempt (checked after each test): the policy refused before any socket.
    })

    it('checks a name on the addresses it resolves to, when connecting', async () => {
      const lookup = lookupOf({
        'intranet.test': ['127.0.0.1'],
        'private.test': ['10.0.0.5'],
        'mixed.test': ['127.0.0.1', '192.168.0.10'],
      })
      const fetch = multiUser({}, lookup)
      expect((await refusal(fetch(`http://intranet.test:${upstream.port}/`))).message).toBe(
        'intranet.test resolves to a loopback address 127.0.0.1, which this server does not reach; an operator can allow it with OUTBOUND_ALLOW',
      )
      expect((await refusal(fetch('http://private.test/'))).message).toContain(
        'private.test resolves to a private address 10.0.0.5',
      )
      expect(upstream.connections).toBe(0)

      // Allowing the name lets every address it resolves to through; one address allowed is not enough.
      const allowed = multiUser({ allow: parseOutboundAllow('intranet.test, 127.0.0.1') }, lookup)
      const response = await allowed(`http://intranet.test:${upstream.port}/`)
      expect(await response.json()).toEqual({ ok: true })
      expect(upstream.requests[0]?.headers.host).toBe(`intranet.test:${upstream.port}`)
      expect((await refusal(allowed('http://mixed.test/'))).message).toContain('192.168.0.10')
    })

    it('checks the address of every new connection, so a name that changes its answer gains nothing', async () => {
      // DNS rebinding: the name first resolves to an allowed address, then to a refused one.
      const answers = ['127.0.0.1', '127.0.0.2']
      const resolved: string[] = []
      const rebinding: LookupFunction = (hostname, options, callback) => {
        const address = answers[Math.min(resolved.length, answers.length - 1)]!
        resolved.push(address)
        lookupOf({ [hostname]: [address] })(hostname, options, callback)
      }
      upstream.handle = (_request, response) => {
        // No keep-alive: each request needs a new connection, and so a new lookup.
        response.writeHead(200, { connection: 'close' }).end('ok')
      }
      const fetch = multiUser({ allow: parseOutboundAllow('127.0.0.1') }, rebinding)
      expect(await (await fetch(`http://rebind.test:${upstream.port}/`)).text()).toBe('ok')
      const error = await refusal(fetch(`http://rebind.test:${upstream.port}/`))
      expect(error.message).toContain('rebind.test resolves to a loopback address 127.0.0.2')
      expect(resolved).toEqual(['127.0.0.1', '127.0.0.2'])
      expect(upstream.requests).toHaveLength(1)
    })

    it('OUTBOUND_ALLOW opens a host:port, not the same host on other ports', async () => {
      const fetch = multiUser({ allow: parseOutboundAllow(`127.0.0.1:${upstream.port}`) })
      expect((await fetch(`${upstream.url}/v1/models`)).status).toBe(200)
      expect(upstream.requests.map((request) => request.path)).toEqual(['/v1/models'])
      expect((await refusal(fetch(`${other.url}/`))).message).toContain('127.0.0.1 is a loopback address')
      expect(other.connections).toBe(0)

      const network = multiUser({ allow: parseOutboundAllow('127.0.0.0/8') })
      expect((await network(`${other.url}/`)).status).toBe(200)
    })

    it('in single-user mode reaches the owner’s own machine', async () => {
      const fetch = createOutboundFetch(outboundPolicy({}, { singleUser: true }))
      expect((await fetch(`${upstream.url}/`)).status).toBe(200)
      expect((await fetch(`http://localhost:${upstream.port}/`)).status).toBe(200)
      expect(upstream.requests).toHaveLength(2)
    })
  })

  it('fetches http and https only', async () => {
    const fetch = createOutboundFetch(outboundPolicy({}, { singleUser: true }))
    for (const url of [
      'file:///etc/passwd',
      'ftp://127.0.0.1/',
      'data:text/plain,hi',
      'gopher://127.0.0.1/',
    ]) {
      const error = await refusal(fetch(url))
      expect(error.message).toMatch(
        /is not an http:\/\/ or https:\/\/ URL, and this server fetches no other kind$/,
      )
    }
  })

  describe('redirects', () => {
    const allowBoth = () => multiUser({ allow: parseOutboundAllow(`127.0.0.1:${upstream.port}`) })

    it('re-checks every hop: an allowed server cannot send the request on to a refused one', async () => {
      upstream.handle = (request, response) => {
        const to: Record<string, string> = {
          '/to-other': `${other.url}/secret`,
          '/to-localhost': `http://localhost:${other.port}/`,
          '/to-metadata': 'http://169.254.169.254/latest/meta-data/',
          '/to-file': 'file:///etc/passwd',
        }
        response.writeHead(302, { location: to[request.path] ?? '/' }).end()
      }
      const fetch = allowBoth()
      expect((await refusal(fetch(`${upstream.url}/to-other`))).message).toBe(
        `it redirected to ${other.url}/secret: 127.0.0.1 is a loopback address, which this server does not reach; an operator can allow it with OUTBOUND_ALLOW`,
      )
      expect((await refusal(fetch(`${upstream.url}/to-localhost`))).message).toContain(
        'localhost resolves to a loopback address',
      )
      expect((await refusal(fetch(`${upstream.url}/to-metadata`))).message).toContain(
        'a cloud metadata address',
      )
      expect((await refusal(fetch(`${upstream.url}/to-file`))).message).toContain(
        'it redirected to file:///etc/passwd: file:///etc/passwd is not an http:// or https:// URL',
      )
      expect(other.connections).toBe(0)
      expect(upstream.requests).toHaveLength(4)
    })

    it('follows at most 5 redirects', async () => {
      upstream.handle = (request, response) => {
        const hop = Number(request.path.slice(1))
        if (hop < 10) response.writeHead(307, { location: `/${hop + 1}` }).end()
        else response.writeHead(200).end('arrived')
      }
      const fetch = allowBoth()
      const error = await refusal(fetch(`${upstream.url}/0`))
      expect(error.message).toBe(`127.0.0.1:${upstream.port} redirected more than 5 times`)
      expect(upstream.requests).toHaveLength(6)
      upstream.requests = []
      expect(await (await fetch(`${upstream.url}/5`)).text()).toBe('arrived')
      expect(upstream.requests.map((request) => request.path)).toEqual(['/5', '/6', '/7', '/8', '/9', '/10'])
    })

    it('turns POST into GET on 303 (and 301/302), keeps it on 307, and drops credentials when leaving the origin', async () => {
      upstream.handle = (request, response) => {
        if (request.path === '/see-other') response.writeHead(303, { location: '/landed' }).end()
        else if (request.path === '/temporary') response.writeHead(307, { location: '/landed' }).end()
        else if (request.path === '/elsewhere')
          response.writeHead(308, { location: `${other.url}/landed` }).end()
        else response.writeHead(200).end()
      }
      const fetch = createOutboundFetch(outboundPolicy({}, { singleUser: true }))
      const post = {
        method: 'POST',
        headers: { authorization: 'Bearer sk-person', 'content-type': 'application/json' },
        body: '{"q":1}',
      }
      await fetch(`${upstream.url}/see-other`, post)
      expect(upstream.requests.at(-1)).toMatchObject({ method: 'GET', path: '/landed', body: '' })
      expect(upstream.requests.at(-1)?.headers.authorization).toBe('Bearer sk-person')
      await fetch(`${upstream.url}/temporary`, post)
      expect(upstream.requests.at(-1)).toMatchObject({ method: 'POST', path: '/landed', body: '{"q":1}' })
      await fetch(`${upstream.url}/elsewhere`, post)
      expect(other.requests.at(-1)).toMatchObject({ method: 'POST', body: '{"q":1}' })
      expect(other.requests.at(-1)?.headers.authorization).toBeUndefined()
    })
  })

  describe('limits', () => {
    const limited = (config: OutboundConfig) =>
      createOutboundFetch(outboundPolicy(config, { singleUser: true }))

    it('times out a server that never answers', async () => {
      upstream.handle = () => {}
      const error = await refusal(limited({ idleTimeoutMs: 200 })(`${upstream.url}/`))
      expect(error).toMatchObject({ failure: 'timeout', message: 'timed out: no answer within 0.2 s' })
    })

    it('times out a body that stalls, and one that trickles past the total', async () => {
      upstream.handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' })
        response.write('a')
      }
      const stalled = await limited({ idleTimeoutMs: 200 })(`${upstream.url}/`)
      expect((await refusal(stalled.text())).message).toBe('timed out: the answer stalled for 0.2 s')

      upstream.handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' })
        const timer = setInterval(() => response.write('a'), 20)
        response.on('close', () => clearInterval(timer))
      }
      const trickling = await limited({ idleTimeoutMs: 5_000, totalTimeoutMs: 300 })(`${upstream.url}/`)
      expect((await refusal(trickling.text())).message).toBe('timed out: no complete answer within 0.3 s')
    })

    it('cuts an endless body at the size limit and closes the connection', async () => {
      let closed = false
      upstream.handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' })
        const chunk = `data: ${'x'.repeat(1000)}\n\n`
        const timer = setInterval(() => response.write(chunk), 1)
        response.on('close', () => {
          clearInterval(timer)
          closed = true
        })
      }
      const response = await limited({ maxResponseBytes: 64 * 1024 })(`${upstream.url}/`)
      const error = await refusal(response.text())
      expect(error).toMatchObject({
        failure: 'too-large',
        message: `the answer from 127.0.0.1:${upstream.port} is larger than 64 KB, the most this server reads`,
      })
      await expect.poll(() => closed).toBe(true)
    })

    it('refuses a declared length over the limit before reading, and counts decompressed bytes', async () => {
      upstream.handle = (_request, response) => {
        response.writeHead(200, { 'content-length': String(1024 * 1024) })
        response.write('x')
      }
      const fetch = limited({ maxResponseBytes: 64 * 1024 })
      expect((await refusal(fetch(`${upstream.url}/`))).failure).toBe('too-large')

      const bomb = gzipSync(Buffer.alloc(1024 * 1024))
      upstream.handle = (_request, response) => {
        response
          .writeHead(200, { 'content-encoding': 'gzip', 'content-length': String(bomb.length) })
          .end(bomb)
      }
      const response = await fetch(`${upstream.url}/`)
      expect((await refusal(response.arrayBuffer())).failure).toBe('too-large')
    })
  })

  it('passes the request through and answers a plain Response; the caller’s abort rejects with its reason', async () => {
    upstream.handle = (request, response) => {
      response
        .writeHead(201, 'Made', {
          'content-type': 'application/json',
          'x-seen': request.headers['x-key'] ?? '',
        })
        .end(JSON.stringify({ method: request.method, body: request.body }))
    }
    const fetch = createOutboundFetch(outboundPolicy({}, { singleUser: true }))
    const response = await fetch(new URL(`${upstream.url}/things`), {
      method: 'PUT',
      headers: { 'x-key': 'k' },
      body: 'payload',
    })
    expect(response).toBeInstanceOf(Response)
    expect([response.status, response.statusText, response.headers.get('x-seen')]).toEqual([201, 'Made', 'k'])
    expect(await response.json()).toEqual({ method: 'PUT', body: 'payload' })

    upstream.handle = () => {}
    const controller = new AbortController()
    const pending = fetch(`${upstream.url}/`, { signal: controller.signal })
    const reason = new Error('stopped by the person')
    setTimeout(() => controller.abort(reason), 50)
    await expect(pending).rejects.toBe(reason)
  })
})
