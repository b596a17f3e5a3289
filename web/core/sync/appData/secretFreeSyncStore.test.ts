import { describe, expect, it } from 'vitest'
import { HlcClock } from '../Hlc'
import { InMemorySyncServerStore } from '../InMemorySyncServerStore'
import { SyncServer } from '../SyncServer'
import type { SyncRecord } from '../SyncRecord'
import { secretFreeSyncStore, withoutSecretsInRecord } from './secretFreeSyncStore'

describe('secretFreeSyncStore', () => {
  it('logs no key a device pushes, in a value, as a field of its own, or among kept losing writes', async () => {
    const inner = new InMemorySyncServerStore()
    const server = new SyncServer(secretFreeSyncStore(inner), new HlcClock('server', () => Date.now()))
    const phone = new HlcClock('phone', () => Date.now())
    const tablet = new HlcClock('tablet', () => Date.now())
    const first = phone.tick()
    const second = tablet.tick()
    await server.push('phone', [
      {
        counter: 1,
        change: {
          kind: 'record:setting_instance',
          id: 'i1',
          fields: {
            'data.value': { value: [{ api_key: 'sk-pushed-1', theme: 'dark' }], hlc: first },
            'data.api_key': { value: ['sk-pushed-2'], hlc: first },
          },
        },
      },
    ])
    await server.push('tablet', [
      {
        counter: 1,
        change: {
          kind: 'record:setting_instance',
          id: 'i1',
          fields: { 'data.value': { value: [{ api_key: 'sk-pushed-3', theme: 'light' }], hlc: second } },
        },
      },
    ])
    const stored = await inner.getRecord('record:setting_instance', 'i1')
    expect(JSON.stringify(stored)).not.toMatch(/sk-pushed/)
    expect(stored?.fields['data.value']?.value).toEqual([{ theme: 'light' }])
    expect(stored?.conflicts.map((c) => c.value)).toEqual([[{ theme: 'dark' }]])
    expect(JSON.stringify((await server.pull(0)).changes)).not.toMatch(/sk-pushed/)
  })

  it('hands out a record logged with a key (by an older version) without it, and leaves clean ones as they are', () => {
    const record: SyncRecord = {
      kind: 'settings',
      id: 'settings',
      fields: {
        generator: { value: [{ kind: 'openai', api_key: 'sk-old' }], hlc: 'h1' },
        embedder: { value: [{ id: 'hash-v1' }], hlc: 'h1' },
      },
      deleted: null,
      conflicts: [],
    }
    const clean = withoutSecretsInRecord(record)
    expect(clean.fields.generator?.value).toEqual([{ kind: 'openai' }])
    expect(clean.fields.embedder).toBe(record.fields.embedder)
    expect(withoutSecretsInRecord(clean)).toBe(clean)
    // A cleared key is no secret: the clear still reaches other devices.
    const cleared = { ...record, fields: { 'data.api_key': { value: [''], hlc: 'h2' } } }
    expect(withoutSecretsInRecord(cleared)).toBe(cleared)
  })

  it('takes any secret-looking name out of settings and setting instances, and only API keys out of other records', () => {
    const instance: SyncRecord = {
      kind: 'record:setting_instance',
      id: 'i2',
      fields: {
        'data.value': {
          value: [
            { token: 'tok-1', max_tokens: 512, servers: [{ id: 's', password: 'pw-2', key_hint: 'blue' }] },
          ],
          hlc: 'h1',
        },
        'data.client_secret': { value: ['cs-3'], hlc: 'h1' },
      },
      deleted: null,
      conflicts: [],
    }
    expect(withoutSecretsInRecord(instance).fields).toEqual({
      'data.value': { value: [{ max_tokens: 512, servers: [{ id: 's', key_hint: 'blue' }] }], hlc: 'h1' },
    })
    const settings: SyncRecord = {
      kind: 'settings',
      id: 'settings',
      fields: { search: { value: [{ url: 'http://s', token: 'tok-4' }], hlc: 'h1' } },
      deleted: null,
      conflicts: [],
    }
    expect(withoutSecretsInRecord(settings).fields.search?.value).toEqual([{ url: 'http://s' }])
    // A plugin's state keeps its `key` and `token`: they are its data, not secrets.
    const state: SyncRecord = {
      kind: 'record:plugin_state',
      id: 'p1',
      fields: {
        'data.state_key': { value: ['layout'], hlc: 'h1' },
        'data.state_data': { value: [{ key: 'row-1', token: 'cursor-5', apiKey: 'sk-6' }], hlc: 'h1' },
      },
      deleted: null,
      conflicts: [],
    }
    expect(withoutSecretsInRecord(state).fields).toEqual({
      'data.state_key': { value: ['layout'], hlc: 'h1' },
      'data.state_data': { value: [{ key: 'row-1', token: 'cursor-5' }], hlc: 'h1' },
    })
  })
})
