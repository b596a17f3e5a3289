import { describe, expect, it } from 'vitest'
import { PageEventBus } from '../../core/plugins/runtime/PageEventBus'
import { chosenStatus } from './chosenStatus'
import { findBuiltinModule } from './builtinModules'
import {
  collectionSelectedMessage,
  COLLECTION_SELECTED_TYPE,
  readCollectionSelected,
} from './collectionSelected'
import { joinBuiltinBus } from './joinBuiltinBus'
import { moduleCollectionId } from './readBuiltinConfig'

const entry = (name: string) => findBuiltinModule({ pluginId: 'quire', moduleId: name })!
const harbour = collectionSelectedMessage({ collection_id: 'c1', name: 'Harbour', description: '' })

/** A plugin module on the page's bus, as ModuleHost puts one there, listening under `channel`. */
function pluginModule(bus: PageEventBus, instanceId: string, channel: string, sends: string[] = []) {
  const got: Array<[string, unknown]> = []
  bus.join({ instanceId, sends, receives: [COLLECTION_SELECTED_TYPE], deliver: (c, m) => got.push([c, m]) })
  bus.subscribe(instanceId, channel)
  return got
}

describe('built-in modules on the page’s event bus', () => {
  it('a Collections module’s choice reaches the page’s Chat and Search and a plugin module declaring the message', () => {
    const bus = new PageEventBus()
    const heard: Record<string, unknown[]> = { chat: [], search: [], evaluation: [] }
    const collections = joinBuiltinBus(bus, 'collections', entry('Collections'), () => {
      throw new Error('Collections receives nothing')
    })
    for (const name of ['Chat', 'Search', 'Evaluation'] as const) {
      joinBuiltinBus(bus, name.toLowerCase(), entry(name), (m) => heard[name.toLowerCase()]!.push(m))
    }
    // QuireFollower listens under its own name and declares quire.collection.selected in receives.
    const follower = pluginModule(bus, 'follower', 'CollectionFollower')
    // A plugin module that did not declare the message hears nothing.
    const deaf: unknown[] = []
    bus.join({ instanceId: 'notes', sends: [], receives: [], deliver: (_c, m) => deaf.push(m) })
    bus.subscribe('notes', 'Notes')

    expect(collections.send(harbour)).toBe(4)
    expect(heard).toEqual({ chat: [harbour], search: [harbour], evaluation: [harbour] })
    expect(follower).toEqual([['CollectionFollower', harbour]])
    expect(deaf).toEqual([])
  })

  it('a plugin module addressing a built-in by its name reaches it; a built-in that left hears nothing', () => {
    const bus = new PageEventBus()
    const heard: unknown[] = []
    const chat = joinBuiltinBus(bus, 'chat-1', entry('Chat'), (m) => heard.push(m))
    pluginModule(bus, 'overview', 'Overview', [COLLECTION_SELECTED_TYPE])
    expect(bus.send('overview', 'Chat', harbour)).toBe(1)
    expect(heard).toEqual([harbour])
    chat.leave()
    expect(bus.send('overview', 'Chat', harbour)).toBe(0)
  })

  it('a built-in may only send what it declares: Chat sends nothing', () => {
    const bus = new PageEventBus()
    const chat = joinBuiltinBus(bus, 'chat', entry('Chat'), () => undefined)
    expect(() => chat.send(harbour)).toThrow(/messages.sends/)
  })
})

describe('the collection-selected message', () => {
  it('reads a well-formed message and refuses anything else', () => {
    expect(readCollectionSelected(harbour)).toEqual({ collection_id: 'c1', name: 'Harbour', description: '' })
    expect(
      readCollectionSelected({
        type: COLLECTION_SELECTED_TYPE,
        content: { collection_id: ' c2 ', name: 'L' },
      }),
    ).toEqual({ collection_id: 'c2', name: 'L', description: '' })
    expect(readCollectionSelected({ type: 'other', content: harbour.content })).toBeUndefined()
    expect(readCollectionSelected({ type: COLLECTION_SELECTED_TYPE, content: { name: 'x' } })).toBeUndefined()
    expect(
      readCollectionSelected({ type: COLLECTION_SELECTED_TYPE, content: { collection_id: '  ', name: 'x' } }),
    ).toBeUndefined()
    expect(readCollectionSelected('quire.collection.selected')).toBeUndefined()
  })

  it('a module pinned to a collection keeps it; one without follows the page’s choice', () => {
    expect(moduleCollectionId({ collection_id: 'pinned' }, harbour.content)).toBe('pinned')
    expect(moduleCollectionId({ collection_id: '' }, harbour.content)).toBe('c1')
    expect(moduleCollectionId({}, undefined)).toBe('')
  })

  it('tells the person how many modules followed the choice', () => {
    expect(chosenStatus('Harbour', 2)).toBe(
      'Harbour chosen and sent to 2 modules on this page; those without a collection of their own switch to it.',
    )
    expect(chosenStatus('Harbour', 1)).toContain('sent to 1 module on')
    expect(chosenStatus('Harbour', 0)).toContain('No module on this page takes')
  })
})
