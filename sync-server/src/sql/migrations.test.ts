import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { migrate, migrations } from './migrations'
import { SqliteDriver } from './SqliteDriver'
import { SqlStore } from './SqlStore'
import {
  newChatMessage,
  newChatSession,
  newCollection,
  newEvaluationRun,
} from '../../../web/core/store/conformance/fixtures'

describe('migrations', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })
  const openDriver = () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-migrate-'))
    dirs.push(dir)
    return { driver: new SqliteDriver(join(dir, 'quire.db')), file: join(dir, 'quire.db') }
  }

  it('applies each migration once and records it', async () => {
    const { driver, file } = openDriver()
    await migrate(driver)
    await driver.close()
    const again = new SqliteDriver(file)
    await migrate(again)
    const rows = await again.all<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    )
    expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version))
    expect(await again.get<{ journal_mode: string }>('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' })
    await again.close()
  })

  it('upgrades a version 2 database in place, keeping its data, with chat and evaluation tables', async () => {
    const { driver } = openDriver()
    await migrate(
      driver,
      migrations.filter((m) => m.version <= 2),
    )
    const store = new SqlStore(driver)
    const collection = await store.createCollection(newCollection())
    await migrate(driver)
    expect(await store.getCollection(collection.id)).toEqual({ ...collection, document_count: 0 })
    const session = await store.createSession(newChatSession({ collection_id: collection.id }))
    await store.addMessage(newChatMessage(session.id, { collection_id: collection.id }))
    const run = await store.createEvaluationRun(newEvaluationRun(collection.id))
    await store.deleteCollection(collection.id)
    expect(await store.getSession(session.id)).toMatchObject({ collection_id: null, message_count: 1 })
    expect(await store.getEvaluationRun(run.id)).toBeUndefined()
    await store.close()
  })

  it('rolls back a failing migration as a whole', async () => {
    const { driver } = openDriver()
    const broken = [
      ...migrations,
      { version: 99, name: 'broken', sql: 'CREATE TABLE half (x); SELECT nope FROM nowhere;' },
    ]
    await expect(migrate(driver, broken)).rejects.toThrow(/Migration 99 \(broken\) failed/)
    expect(await driver.get("SELECT name FROM sqlite_master WHERE name = 'half'")).toBeUndefined()
    expect(await driver.get('SELECT version FROM schema_migrations WHERE version = 99')).toBeUndefined()
    await driver.close()
  })

  it('refuses a database written by a newer Quire', async () => {
    const { driver } = openDriver()
    await migrate(driver, [...migrations, { version: 50, name: 'future', sql: 'SELECT 1;' }])
    await expect(migrate(driver)).rejects.toThrow(/newer than this server/)
    await driver.close()
  })
})
