import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/postgres/createTestDatabase'
import { openDatabases, personSchema } from './openDatabases'
import { openSqlStore } from './openSqlStore'
import { newCollection } from '../../../web/core/testing/conformance/store/fixtures'

const dirs: string[] = []
let database: TestDatabase | undefined
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  await database?.drop()
})
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'quire-databases-'))
  dirs.push(dir)
  return dir
}
const PERSON = '6e3544b0-b2b3-467f-9b62-924a96ff3736'

it('keeps SQLite files in DATA_DIR without DATABASE_URL', async () => {
  const dataDir = newDir()
  const databases = await openDatabases({ dataDir })
  expect(databases.pool).toBeUndefined()
  expect(databases.server.dialect).toBe('sqlite')
  expect(existsSync(join(dataDir, 'server.db'))).toBe(true)
  const store = await openSqlStore(databases.person(PERSON, join(dataDir, 'users', PERSON)))
  await store.collections.createCollection(newCollection())
  await store.close()
  expect(existsSync(join(dataDir, 'users', PERSON, 'quire.db'))).toBe(true)
  await databases.close()
})

it('puts the server in schema quire and a person in their own schema, made on first use; close ends the pool', async () => {
  database = await createTestDatabase()
  const dataDir = newDir()
  const databases = await openDatabases({ dataDir, databaseUrl: database.url, databasePoolMax: 7 })
  expect(databases.server.dialect).toBe('postgres')
  // DATABASE_POOL_MAX sizes the process's one pool.
  expect(databases.pool!.options.max).toBe(7)
  expect(existsSync(join(dataDir, 'server.db'))).toBe(false)
  const pool = databases.pool!
  const schemas = async () =>
    (
      await pool.query<{ name: string }>(
        "SELECT nspname AS name FROM pg_namespace WHERE nspname = 'quire' OR nspname LIKE 'u\\_%' ORDER BY 1",
      )
    ).rows.map((row) => row.name)
  expect(await schemas()).toEqual(['quire'])
  expect(personSchema(PERSON)).toBe('u_6e3544b0b2b3467f9b62924a96ff3736')

  const store = await openSqlStore(databases.person(PERSON, join(dataDir, 'users', PERSON)))
  const collection = await store.collections.createCollection(newCollection())
  await store.close()
  expect(await schemas()).toEqual(['quire', personSchema(PERSON)])
  const rows = await pool.query(`SELECT id FROM ${personSchema(PERSON)}.collections`)
  expect(rows.rows).toEqual([{ id: collection.id }])
  expect(existsSync(join(dataDir, 'users'))).toBe(false)

  await databases.close()
  expect(pool.ended).toBe(true)
})
