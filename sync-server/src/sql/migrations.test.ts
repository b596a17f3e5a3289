import { describe, expect, it } from 'vitest'
import { testSqlDialects } from '../../test/postgres/testSqlDialects'
import { migrate, migrations } from './migrations'
import type { SqlDriver } from './SqlDriver'
import { SqlStore } from './SqlStore'
import {
  newChatMessage,
  newChatSession,
  newCollection,
  newEvaluationRun,
} from '../../../web/core/testing/conformance/store/fixtures'

/** Whether a table of this name exists in the driver's database (its schema, on PostgreSQL). */
async function hasTable(driver: SqlDriver, name: string): Promise<boolean> {
  const row =
    driver.dialect === 'postgres'
      ? await driver.get(
          'SELECT 1 AS found FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = ?',
          [name],
        )
      : await driver.get("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?", [name])
  return row !== undefined
}

const dialects = testSqlDialects()

for (const dialect of dialects) {
  describe(`migrations (${dialect.name})`, () => {
    it('applies each migration once and records it', async () => {
      const database = await dialect.fresh()
      const driver = database.connect()
      await migrate(driver)
      await driver.close()
      const again = database.connect()
      await migrate(again)
      const rows = await again.all<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      )
      expect(rows.map((r) => r.version)).toEqual(migrations.map((m) => m.version))
      if (dialect.name === 'SQLite') {
        expect(await again.get<{ journal_mode: string }>('PRAGMA journal_mode')).toEqual({
          journal_mode: 'wal',
        })
      }
      await again.close()
    })

    it('upgrades a version 2 database in place, keeping its data, with chat and evaluation tables', async () => {
      const driver = (await dialect.fresh()).connect()
      await migrate(
        driver,
        migrations.filter((m) => m.version <= 2),
      )
      const store = new SqlStore(driver)
      const collection = await store.collections.createCollection(newCollection())
      await migrate(driver)
      expect(await store.collections.getCollection(collection.id)).toEqual({
        ...collection,
        document_count: 0,
      })
      const session = await store.chat.createSession(newChatSession({ collection_id: collection.id }))
      await store.chat.addMessage(newChatMessage(session.id, { collection_id: collection.id }))
      const run = await store.evaluation.createEvaluationRun(newEvaluationRun(collection.id))
      await store.collections.deleteCollection(collection.id)
      expect(await store.chat.getSession(session.id)).toMatchObject({ collection_id: null, message_count: 1 })
      expect(await store.evaluation.getEvaluationRun(run.id)).toBeUndefined()
      await store.close()
    })

    it('rolls back a failing migration as a whole', async () => {
      const driver = (await dialect.fresh()).connect()
      const broken = [
        ...migrations,
        { version: 99, name: 'broken', sql: 'CREATE TABLE half (x TEXT); SELECT nope FROM nowhere;' },
      ]
      await expect(migrate(driver, broken)).rejects.toThrow(/Migration 99 \(broken\) failed/)
      expect(await hasTable(driver, 'half')).toBe(false)
      expect(await hasTable(driver, 'documents')).toBe(true)
      expect(await driver.get('SELECT version FROM schema_migrations WHERE version = 99')).toBeUndefined()
      // The connection that failed is usable again: its transaction was ended.
      expect(await migrate(driver)).toBe(migrations.at(-1)!.version)
      await driver.close()
    })

    it('refuses a database written by a newer Quire', async () => {
      const driver = (await dialect.fresh()).connect()
      await migrate(driver, [...migrations, { version: 50, name: 'future', sql: 'SELECT 1;' }])
      await expect(migrate(driver)).rejects.toThrow(/newer than this server/)
      await driver.close()
    })
  })
}

describe('migrations on PostgreSQL', () => {
  const postgres = dialects.find((dialect) => dialect.name === 'PostgreSQL')!

  // Instances started together each migrate the same schema (and create it): the advisory lock
  // makes them take turns, so each migration runs once and none fails on the other's tables.
  it('migrates one schema from several instances at once, each migration once', async () => {
    const database = await postgres.fresh()
    const drivers = Array.from({ length: 6 }, () => database.connect())
    const versions = await Promise.all(drivers.map((driver) => migrate(driver)))
    expect(new Set(versions)).toEqual(new Set([migrations.at(-1)!.version]))
    const rows = await drivers[0]!.all<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    )
    expect(rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version))
    for (const driver of drivers) await driver.close()
  })

  it('uses a migration’s own PostgreSQL text when it has one', async () => {
    const driver = (await postgres.fresh()).connect()
    await migrate(driver, [
      {
        version: 1,
        name: 'own text',
        sql: 'CREATE TABLE sqlite_only (x BLOB);',
        postgres: 'CREATE TABLE pg_only (x JSONB);',
      },
    ])
    expect(await hasTable(driver, 'pg_only')).toBe(true)
    expect(await hasTable(driver, 'sqlite_only')).toBe(false)
    await driver.close()
  })
})
