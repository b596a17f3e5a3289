import { describe, expect, it } from 'vitest'
import type { RecordWrite, StoredRecord } from '../store/StoredRecord'
import { withoutSecretsInRecord } from '../sync/appData/secretFreeSyncStore'
import { syncedRecordValues } from '../sync/appData/syncValues'
import { isKeySettingDefinition, keySettingValue, withKeySettingForm } from './keySettingValue'
import { keySettingsInOneForm } from './keySettingsInOneForm'

const KEY = 'sk-ant-bare-0123456789'

describe('key settings: one form for every form a key is accepted in', () => {
  it('knows key definitions by their id', () => {
    for (const id of [
      'claude_api_keys_settings',
      'openai_api_keys_settings',
      'OpenRouter_API_KEYS',
      'groq_api_key',
    ])
      expect(isKeySettingDefinition(id), id).toBe(true)
    for (const id of ['ollama_servers_settings', 'theme_settings', 'api_keys_hint', undefined])
      expect(isKeySettingDefinition(id), String(id)).toBe(false)
  })

  it('takes a bare key, a quoted key and an object as JSON text to the object form', () => {
    expect(keySettingValue(KEY)).toEqual({ api_key: KEY })
    expect(keySettingValue(JSON.stringify(KEY))).toEqual({ api_key: KEY })
    expect(keySettingValue(JSON.stringify({ api_key: KEY, base_url: 'http://x' }))).toEqual({
      api_key: KEY,
      base_url: 'http://x',
    })
    // A key of digits parses as a number; it is still the key as written.
    expect(keySettingValue('12345678901')).toEqual({ api_key: '12345678901' })
    expect(keySettingValue('')).toEqual({ api_key: '' })
    const object = { api_key: KEY }
    expect(keySettingValue(object)).toBe(object)
    expect(keySettingValue(42)).toBe(42)
  })

  it('changes only key settings held as text', () => {
    const bare = { definition_id: 'claude_api_keys_settings', value: KEY }
    expect(withKeySettingForm(bare)).toEqual({ ...bare, value: { api_key: KEY } })
    const other = { definition_id: 'theme_settings', value: 'dark' }
    expect(withKeySettingForm(other)).toBe(other)
  })

  it('never lets a bare key into what syncs, from a host or in the server’s log', () => {
    const record: StoredRecord = {
      kind: 'setting_instance',
      id: 'i1',
      parent_id: 'claude_api_keys_settings',
      data: { definition_id: 'claude_api_keys_settings', value: KEY },
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    }
    expect(JSON.stringify(syncedRecordValues(record))).not.toContain(KEY)
    const logged = withoutSecretsInRecord({
      kind: 'record:setting_instance',
      id: 'i1',
      fields: {
        'data.definition_id': { value: ['claude_api_keys_settings'], hlc: 'h1' },
        'data.value': { value: [KEY], hlc: 'h1' },
      },
      conflicts: [{ field: 'data.value', value: [JSON.stringify(KEY)], hlc: 'h0' }],
    } as never)
    expect(JSON.stringify(logged)).not.toContain('sk-ant')
    expect(logged.fields['data.value']?.value).toEqual([{}])
  })

  it('rewrites stored bare keys in the object form, and writes nothing when there are none', async () => {
    const records: StoredRecord[] = [
      {
        kind: 'setting_instance',
        id: 'a',
        parent_id: null,
        data: { definition_id: 'claude_api_keys_settings', value: KEY },
        created_at: '',
        updated_at: '',
      },
      {
        kind: 'setting_instance',
        id: 'b',
        parent_id: null,
        data: { definition_id: 'theme', value: 'x' },
        created_at: '',
        updated_at: '',
      },
    ]
    const written: RecordWrite[][] = []
    const store = {
      records: {
        getRecord: async () => undefined,
        listRecords: async () => records,
        writeRecords: async (writes: readonly RecordWrite[]) => void written.push([...writes]),
      },
    }
    expect(await keySettingsInOneForm(store)).toBe(1)
    expect(written).toEqual([
      [
        {
          put: {
            ...records[0],
            data: { definition_id: 'claude_api_keys_settings', value: { api_key: KEY } },
          },
        },
      ],
    ])
    records.splice(0, 1)
    expect(await keySettingsInOneForm(store)).toBe(0)
    expect(written).toHaveLength(1)
  })
})
