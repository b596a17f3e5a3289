import { describe, expect, it } from 'vitest'
import { messageTypes, PageEventBus, type EventModule } from './PageEventBus'

const SELECTED = 'quire.collection.selected'

function module(instanceId: string, sends: string[], receives: string[]) {
  const got: Array<[string, unknown]> = []
  const m: EventModule = { instanceId, sends, receives, deliver: (c, msg) => got.push([c, msg]) }
  return { m, got }
}

describe('PageEventBus', () => {
  it('delivers a declared message to subscribers of the channel that declare receiving it', () => {
    const bus = new PageEventBus()
    const overview = module('a', [SELECTED], [])
    const follower = module('b', [], [SELECTED])
    const deaf = module('c', [], ['other.type'])
    const elsewhere = module('d', [], [SELECTED])
    for (const { m } of [overview, follower, deaf, elsewhere]) bus.join(m)
    bus.subscribe('b', 'CollectionFollower')
    bus.subscribe('c', 'CollectionFollower')
    bus.subscribe('d', 'SomethingElse')
    const message = { type: SELECTED, content: { collection_id: 'x' } }
    expect(bus.send('a', 'CollectionFollower', message)).toBe(1)
    expect(follower.got).toEqual([['CollectionFollower', message]])
    expect(deaf.got).toEqual([])
    expect(elsewhere.got).toEqual([])

    bus.unsubscribe('b', 'CollectionFollower')
    expect(bus.send('a', 'CollectionFollower', message)).toBe(0)
  })

  it('refuses messages the sender did not declare, without a type or a target', () => {
    const bus = new PageEventBus()
    bus.join(module('a', [SELECTED], []).m)
    expect(() => bus.send('a', 'X', { type: 'other' })).toThrow(/messages.sends/)
    expect(() => bus.send('a', 'X', 'hello')).toThrow(/type/)
    expect(() => bus.send('a', '', { type: SELECTED })).toThrow(/target/)
    expect(() => bus.send('gone', 'X', { type: SELECTED })).toThrow(/no longer/)
  })

  it('forgets a module that left', () => {
    const bus = new PageEventBus()
    const sender = module('a', [SELECTED], [])
    const receiver = module('b', [], [SELECTED])
    bus.join(sender.m)
    const leave = bus.join(receiver.m)
    bus.subscribe('b', 'C')
    leave()
    expect(bus.send('a', 'C', { type: SELECTED })).toBe(0)
  })

  it('broadcasts to every other module receiving the type, on each channel it subscribed to', () => {
    const bus = new PageEventBus()
    const builtin = module('collections', [SELECTED], [SELECTED])
    const follower = module('plugin', [], [SELECTED]) // a plugin module, listening under its own name
    const chat = module('chat', [], [SELECTED])
    const twoChannels = module('two', [], [SELECTED])
    const unsubscribed = module('quiet', [], [SELECTED])
    const deaf = module('deaf', [], ['other.type'])
    for (const { m } of [builtin, follower, chat, twoChannels, unsubscribed, deaf]) bus.join(m)
    bus.subscribe('collections', 'Collections')
    bus.subscribe('plugin', 'CollectionFollower')
    bus.subscribe('chat', 'Chat')
    bus.subscribe('two', 'A')
    bus.subscribe('two', 'B')
    bus.subscribe('deaf', 'Deaf')
    const message = { type: SELECTED, content: { collection_id: 'x', name: 'X' } }
    expect(bus.broadcast('collections', message)).toBe(3)
    expect(follower.got).toEqual([['CollectionFollower', message]])
    expect(chat.got).toEqual([['Chat', message]])
    expect(twoChannels.got).toEqual([
      ['A', message],
      ['B', message],
    ])
    // Not back to its sender, not to one that listens to nothing, not to one that did not declare it.
    expect(builtin.got).toEqual([])
    expect(unsubscribed.got).toEqual([])
    expect(deaf.got).toEqual([])
    // The sender's declaration is checked as for send.
    expect(() => bus.broadcast('chat', message)).toThrow(/messages.sends/)
    expect(() => bus.broadcast('gone', message)).toThrow(/no longer/)
    expect(() => bus.broadcast('collections', 'hello')).toThrow(/type/)
  })

  it('reads message types from objects or strings', () => {
    expect(messageTypes([{ type: 'a' }, 'b', { nope: 1 }, 3])).toEqual(['a', 'b'])
    expect(messageTypes(undefined)).toEqual([])
  })
})
