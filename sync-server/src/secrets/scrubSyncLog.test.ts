import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatHlc } from '../../../web/core/sync/Hlc'
import type { SyncRecord } from '../../../web/core/sync/SyncRecord'
import { migrate } from '../sql/migrations'
import { SqliteDriver } from '../sql/SqliteDriver'
import { SqlSyncStore } from '../sql/SqlSyncStore'
import { openSyncSpace } from '../syncApi/openSyncSpace'

const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'old-version' })
const logged = (kind: string, id: string, fields: SyncRecord['fields']): SyncRecord => ({
  kind,
  id,
  fields,
  deleted: { value: false, hlc },
  conflicts: [],
})

describe('scrubSyncLog (at a space’s open)', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quire-scrub-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('takes out the keys an older version logged, moving those records to the end of the log', async () => {
    // What an older version left: the operator's key in the settings, a person's key in an instance.
    const driver = new SqliteDriver(join(dir, 'quire.db'))
    await migrate(driver)
    const old = new SqlSyncStore(driver)
    await old.putRecord(
      logged('settings', 'settings', {
        generator: {
          value: [{ kind: 'openai', base_url: 'http://op/v1', model: 'm', api_key: 'sk-operator-old' }],
          hlc,
        },
      }),
    )
    await old.putRecord(
      logged('record:setting_instance', 'i1', {
        'data.value': { value: [{ api_key: 'sk-person-old' }], hlc },
      }),
    )
    await old.putRecord(logged('collection', 'c1', { name: { value: ['Notes'], hlc } }))
    await driver.close()

    const space = await openSyncSpace(dir, { retentionMs: 86_400_000, logError: () => undefined })
    try {
      const records = await space.store.allRecords()
      expect(JSON.stringify(records)).not.toMatch(/sk-(operator|person)-old/)
      expect(records.map((r) => r.kind)).toEqual(['collection', 'settings', 'record:setting_instance'])
      expect(records.find((r) => r.kind === 'settings')?.fields.generator?.value).toEqual([
        { kind: 'openai', base_url: 'http://op/v1', model: 'm' },
      ])
      expect(JSON.stringify((await space.server.pull(0)).changes)).not.toContain('sk-')
    } finally {
      await space.close()
    }
  })
})
