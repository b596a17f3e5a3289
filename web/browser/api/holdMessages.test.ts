import { expose, wrap } from 'comlink'
import { MessageChannel } from 'node:worker_threads'
import { afterEach, describe, expect, it } from 'vitest'
import { holdMessages, type MessageScope } from './holdMessages'

const channels: MessageChannel[] = []
afterEach(() => {
  for (const { port1, port2 } of channels.splice(0)) {
    port1.close()
    port2.close()
  }
})

/** A worker's side (`scope`, what holdMessages wraps) and the page's (`page`, what comlink wraps). */
function channel() {
  const made = new MessageChannel()
  channels.push(made)
  return { scope: made.port1 as unknown as MessageScope, page: made.port2 as unknown as MessagePort }
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))

describe('holdMessages', () => {
  it('keeps the calls made before anything listens, and answers them in order once exposed', async () => {
    const { scope, page } = channel()
    const endpoint = holdMessages(scope)
    const remote = wrap<{ echo(value: number): number }>(page)
    const seen: number[] = []
    const answers = Promise.all([remote.echo(1), remote.echo(2), remote.echo(3)])
    // The worker's code still loading: the calls arrive, and nothing is there to answer them.
    await tick()
    expect(seen).toEqual([])
    expose({ echo: (value: number) => (seen.push(value), value * 10) }, endpoint)
    expect(await answers).toEqual([10, 20, 30])
    expect(seen).toEqual([1, 2, 3])
    // Once exposed, calls go straight through.
    expect(await remote.echo(4)).toBe(40)
    expect(seen).toEqual([1, 2, 3, 4])
  })

  it('hands nothing twice, and posts to the page with what is transferred', async () => {
    const { scope, page } = channel()
    const endpoint = holdMessages(scope)
    const remote = wrap<{ bytes(length: number): Uint8Array }>(page)
    const early = remote.bytes(3)
    await tick()
    let calls = 0
    expose(
      {
        bytes: (length: number) => {
          calls++
          return new Uint8Array(length).fill(7)
        },
      },
      endpoint,
    )
    expect([...(await early)]).toEqual([7, 7, 7])
    await tick()
    expect(calls).toBe(1)
  })

  it('stops handing messages to a listener that is removed', async () => {
    const { scope, page } = channel()
    const endpoint = holdMessages(scope)
    const got: unknown[] = []
    const listener = (event: Event) => got.push((event as MessageEvent).data)
    endpoint.addEventListener('message', listener)
    page.postMessage('one')
    await tick()
    endpoint.removeEventListener('message', listener)
    page.postMessage('two')
    await tick()
    expect(got).toEqual(['one'])
  })
})
