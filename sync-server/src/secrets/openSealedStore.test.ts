import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { runConformanceCase } from '../../../web/core/testing/conformance/store/runConformanceCase'
import { storeConformance } from '../../../web/core/testing/conformance/store/storeConformance'
import type { StoredRecord } from '../../../web/core/store/StoredRecord'
import { openSqlStore } from '../sql/openSqlStore'
import { filesHolding } from '../../test/filesHolding'
import { openSealedStore } from './openSealedStore'

const USER = '6f1c1f9e-3a59-4c8e-9d43-0c8c2f3b7a11'
const instance = (value: unknown): StoredRecord => ({
  kind: 'setting_instance',
  id: 'i1',
  parent_id: 'openai_api_keys_settings',
  data: { definition_id: 'openai_api_keys_settings', value },
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
})

describe('openSealedStore (SQLite with API keys sealed at rest)', () => {
  let dir: string
  const key = randomBytes(32)
  const errors: unknown[] = []
  const open = (options: { key?: Buffer; operatorKey?: string } = {}) =>
    openSealedStore(dir, {
      key: options.key ?? key,
      userId: USER,
      operatorKey: options.operatorKey,
      logError: (e) => errors.push(e),
    })
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quire-sealed-'))
    errors.length = 0
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  for (const [port, cases] of Object.entries(storeConformance)) {
    for (const testCase of cases) {
      it(`passes the store conformance case of ${port}: ${testCase.name}`, () =>
        runConformanceCase(testCase, () => open()))
    }
  }

  it('stores keys sealed and reads them back as written; the files never hold one', async () => {
    const store = await open()
    const settings = {
      generator: { kind: 'openai', base_url: 'http://x/v1', model: 'm', api_key: 'sk-settings-1234' },
    }
    await store.settings.putSettings(settings)
    await store.records.writeRecords([
      { put: instance({ servers: [{ id: 's', apiKey: 'key-of-a-server-5678' }] }) },
    ])
    expect(await store.settings.getSettings()).toEqual(settings)
    expect((await store.records.getRecord('setting_instance', 'i1'))?.data.value).toEqual({
      servers: [{ id: 's', apiKey: 'key-of-a-server-5678' }],
    })
    expect((await store.records.listRecords('setting_instance'))[0]?.data.value).toEqual({
      servers: [{ id: 's', apiKey: 'key-of-a-server-5678' }],
    })
    expect(filesHolding(dir, 'sk-settings-1234')).toEqual([])
    expect(filesHolding(dir, 'key-of-a-server-5678')).toEqual([])
    await store.close()

    const raw = await openSqlStore(dir)
    expect(JSON.stringify(await raw.settings.getSettings())).toMatch(/"api_key":"quire-sealed:v1:/)
    await raw.close()
  })

  it('seals what an older version stored in clear and drops the operator’s key from settings, at open', async () => {
    const raw = await openSqlStore(dir)
    await raw.settings.putSettings({
      embedder: { id: 'hash-v1' },
      generator: { kind: 'openai', base_url: 'http://op/v1', model: 'm', api_key: 'sk-operator-legacy' },
    })
    await raw.records.writeRecords([{ put: instance({ api_key: 'sk-person-legacy-99' }) }])
    await raw.close()

    const store = await open({ operatorKey: 'sk-operator-legacy' })
    expect(await store.settings.getSettings()).toEqual({
      embedder: { id: 'hash-v1' },
      generator: { kind: 'openai', base_url: 'http://op/v1', model: 'm' },
    })
    expect((await store.records.getRecord('setting_instance', 'i1'))?.data.value).toEqual({
      api_key: 'sk-person-legacy-99',
    })
    await store.close()
    const reread = await openSqlStore(dir)
    expect(JSON.stringify((await reread.records.getRecord('setting_instance', 'i1'))?.data)).not.toContain(
      'sk-person-legacy-99',
    )
    expect(JSON.stringify(await reread.settings.getSettings())).not.toContain('sk-operator-legacy')
    await reread.close()
  })

  it('seals any secret-looking name in setting instances, and only API keys in other records', async () => {
    const raw = await openSqlStore(dir)
    // An older version stored a token in clear.
    await raw.records.writeRecords([{ put: instance({ token: 'tok-legacy-in-clear-1' }) }])
    await raw.close()
    const store = await open()
    const page: StoredRecord = {
      kind: 'page',
      id: 'p1',
      parent_id: null,
      data: { name: 'Home', content: { key: 'row-1', token: 'cursor-2', apiKey: 'sk-page-key-3' } },
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    }
    await store.records.writeRecords([
      { put: { ...instance({ nested: [{ password: 'pw-nested-4', max_tokens: 512 }] }), id: 'i2' } },
      { put: page },
    ])
    expect((await store.records.getRecord('setting_instance', 'i1'))?.data.value).toEqual({
      token: 'tok-legacy-in-clear-1',
    })
    expect((await store.records.getRecord('setting_instance', 'i2'))?.data.value).toEqual({
      nested: [{ password: 'pw-nested-4', max_tokens: 512 }],
    })
    expect((await store.records.getRecord('page', 'p1'))?.data).toEqual(page.data)
    await store.close()
    const reread = await openSqlStore(dir)
    const rows = JSON.stringify(await reread.records.listRecords('setting_instance'))
    expect(rows).not.toContain('tok-legacy-in-clear-1')
    expect(rows).not.toContain('pw-nested-4')
    expect(rows).toContain('"max_tokens":512')
    const pageRow = JSON.stringify((await reread.records.getRecord('page', 'p1'))?.data)
    expect(pageRow).toContain('"key":"row-1"')
    expect(pageRow).toContain('"token":"cursor-2"')
    expect(pageRow).not.toContain('sk-page-key-3')
    await reread.close()
  })

  it('reads a key it cannot open (the secret key changed) as unset, and says why in the log', async () => {
    const store = await open()
    await store.records.writeRecords([{ put: instance({ api_key: 'sk-person-1234567', note: 'kept' }) }])
    await store.close()
    const other = await open({ key: randomBytes(32) })
    expect((await other.records.getRecord('setting_instance', 'i1'))?.data.value).toEqual({ note: 'kept' })
    expect(String(errors[0])).toMatch(/could not be opened \(was QUIRE_SECRET_KEY changed\?\)/)
    await other.close()
  })
})
