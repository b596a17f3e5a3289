import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatHlc } from '../../web/core/sync/Hlc'
import { openPgPool } from '../src/sql/openPgPool'
import { personSchema } from '../src/sql/openDatabases'
import { openSqlStore } from '../src/sql/openSqlStore'
import { PgDriver } from '../src/sql/PgDriver'
import type { SqlDriver } from '../src/sql/SqlDriver'
import { SqliteDriver } from '../src/sql/SqliteDriver'
import { SqlSyncStore } from '../src/sql/SqlSyncStore'
import { filesHolding } from './filesHolding'
import { NO_USER_RATE_LIMIT } from './noUserRateLimit'
import { createTestDatabase, type TestDatabase } from './postgres/createTestDatabase'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'
import { callJson } from './callJson'
import { storedSettingValue } from './storedSettingValue'

const TOKEN = 'tok-plugin-service-91c3e07a'
const CLIENT_SECRET = 'cs-oauth-client-6d20b4f1'
const ACCESS_TOKEN = 'at-nested-deep-0e7f55a2'
const PASSWORD = 'pw-in-a-list-c81d3b9e'
const SERVER_TOKEN = 'srv-bearer-token-4a9e02d7'
const SECRETS = [TOKEN, CLIENT_SECRET, ACCESS_TOKEN, PASSWORD, SERVER_TOKEN]
// What an older version stored in clear: in a setting instance, and in the sync log.
const LEGACY_TOKEN = 'legacy-clear-token-7b3c91e0'
const LEGACY_LOGGED = 'legacy-logged-password-2f84a6c1'

const DEFINITION = 'acme_service_settings'
const VALUE = {
  endpoint: 'https://acme.example/api',
  token: TOKEN,
  clientSecret: CLIENT_SECRET,
  // Look-alikes that are no secrets: read back whole.
  max_tokens: 512,
  token_limit: '9000',
  key_hint: 'the blue one',
  public_key: 'ssh-ed25519 AAAAC3Nza-public',
  nested: { auth: { access_token: ACCESS_TOKEN } },
  accounts: [{ id: 'a1', name: 'Main', password: PASSWORD }],
}
const SHOWN = {
  endpoint: 'https://acme.example/api',
  token: '…e07a',
  clientSecret: '…b4f1',
  max_tokens: 512,
  token_limit: '9000',
  key_hint: 'the blue one',
  public_key: 'ssh-ed25519 AAAAC3Nza-public',
  nested: { auth: { access_token: '…55a2', _has_key: true, _key_valid: true } },
  accounts: [{ id: 'a1', name: 'Main', password: '…3b9e', _has_key: true, _key_valid: true }],
  _has_key: true,
  _key_valid: true,
}

type Instance = { id: string; value: unknown }

/**
 * Secrets a person saves in settings under any secret-looking name (`token`, `clientSecret`,
 * `password`, at any depth), not only `api_key`: masked in every read, sealed at rest, never in the
 * sync log, on both databases the server runs on. Clear ones an older version stored are sealed and
 * scrubbed at the next start.
 */
for (const dialect of ['SQLite', 'PostgreSQL'] as const) {
  describe(`secrets under any name in settings, on ${dialect}, over real HTTP`, () => {
    let dataDir: string
    let database: TestDatabase | undefined
    let quire: Awaited<ReturnType<typeof startTestServer>>
    let person: TestUser

    const start = () =>
      startTestServer({
        accounts: true,
        rateLimits: NO_USER_RATE_LIMIT,
        dataDir,
        config: database ? { databaseUrl: database.url } : {},
      })
    const call = async (method: string, path: string, json?: unknown) => {
      const { status, text } = await callJson(quire.url, method, path, json, person.auth)
      return { status, text, json: () => JSON.parse(text) as unknown }
    }
    const stored = (id: string) => storedSettingValue(quire, person.id, id)
    const pullText = async () => (await call('GET', '/api/v1/sync/pull?after=0&limit=1000')).text

    /** A connection to the person's own database (their SQLite file, or their PostgreSQL schema). */
    const personDriver = (): { driver: SqlDriver; done(): Promise<void> } => {
      if (!database) {
        const driver = new SqliteDriver(join(dataDir, 'users', person.id, 'quire.db'))
        return { driver, done: () => driver.close() }
      }
      const pool = openPgPool(database.url, { max: 2 })
      return { driver: new PgDriver(pool, personSchema(person.id)), done: () => pool.end() }
    }

    /** The tables of the person's database whose rows, as text, hold `text` (bytea as hex too). */
    const rowsHolding = async (text: string): Promise<string[]> => {
      const hex = Buffer.from(text).toString('hex')
      if (!database) {
        const db = new Database(join(dataDir, 'users', person.id, 'quire.db'), { readonly: true })
        try {
          const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{
            name: string
          }>
          return tables
            .filter(({ name }) => {
              const rows = db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][]
              return rows.some((row) =>
                row.some((cell) =>
                  Buffer.isBuffer(cell) ? cell.includes(Buffer.from(text)) : String(cell).includes(text),
                ),
              )
            })
            .map(({ name }) => name)
        } finally {
          db.close()
        }
      }
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      try {
        const { rows: tables } = await client.query<{ schema: string; name: string }>(
          `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
            WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE'`,
        )
        const found: string[] = []
        for (const { schema, name } of tables) {
          const { rows } = await client.query<{ row: string }>(
            `SELECT t::text AS row FROM "${schema}"."${name}" t`,
          )
          if (rows.some(({ row }) => row.includes(text) || row.includes(hex))) found.push(`${schema}.${name}`)
        }
        return found
      } finally {
        await client.end()
      }
    }

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'quire-secret-names-'))
      if (dialect === 'PostgreSQL') database = await createTestDatabase()
      quire = await start()
      person = await signUpForTest(quire.url, 'secretnames')
      const created = await call('POST', '/api/v1/settings/definitions', {
        id: DEFINITION,
        name: DEFINITION,
        category: 'plugins',
        type: 'object',
      })
      expect(created.status, created.text).toBe(201)
    }, scaledTimeout(60_000))
    afterAll(async () => {
      await quire?.stop()
      rmSync(dataDir, { recursive: true, force: true })
      await database?.drop()
    })

    it('masks them in every read, seals them at rest, keeps them out of sync pulls and keeps them on a masked re-save', async () => {
      const created = await call('POST', '/api/v1/settings/instances', {
        definition_id: DEFINITION,
        value: VALUE,
      })
      expect(created.status, created.text).toBe(201)
      const instance = created.json() as Instance
      expect(instance.value).toEqual(SHOWN)
      const servers = await call('POST', '/api/v1/settings/instances', {
        definition_id: 'ollama_servers_settings',
        value: {
          servers: [
            {
              id: 's1',
              serverName: 'Home',
              serverAddress: 'http://127.0.0.1:11434',
              apiKey: '',
              token: SERVER_TOKEN,
            },
          ],
        },
      })
      expect(servers.status, servers.text).toBeLessThan(300)
      expect((servers.json() as { value: { servers: unknown[] } }).value.servers[0]).toMatchObject({
        token: '…02d7',
        apiKey: '',
        _has_key: true,
      })

      for (const path of [
        '/api/v1/settings/instances',
        `/api/v1/settings/instances/${instance.id}`,
        `/api/v1/settings/instances?definition_id=${DEFINITION}`,
        '/api/v1/settings/instances?definition_id=ollama_servers_settings',
      ]) {
        const read = await call('GET', path)
        expect(read.status, path).toBe(200)
        for (const secret of SECRETS) expect(read.text, `${path}: ${secret}`).not.toContain(secret)
      }
      // The store above the sealing opens them: the person's values are whole.
      expect(await stored(instance.id)).toEqual(VALUE)

      const pulled = await pullText()
      expect(pulled).toContain(DEFINITION)
      expect(pulled).toContain('the blue one')
      for (const secret of SECRETS) {
        expect(pulled, secret).not.toContain(secret)
        expect(await rowsHolding(secret), secret).toEqual([])
        expect(filesHolding(dataDir, secret), secret).toEqual([])
      }
      // The look-alikes are stored as they are (not sealed).
      expect(await rowsHolding('ssh-ed25519 AAAAC3Nza-public')).not.toEqual([])

      // What a client read, sent back as it is (masks and flags): every secret kept.
      const resaved = await call('PUT', `/api/v1/settings/instances/${instance.id}`, {
        value: instance.value,
      })
      expect(resaved.status, resaved.text).toBe(200)
      expect((resaved.json() as Instance).value).toEqual(SHOWN)
      expect(await stored(instance.id)).toEqual(VALUE)
    })

    it('seals and scrubs the clear secrets an older version stored and logged, at the next start', async () => {
      const listed = await call('GET', `/api/v1/settings/instances?definition_id=${DEFINITION}`)
      const [instance] = listed.json() as Instance[]
      await quire.stop()

      // What an older version left in the person's database: a token in clear, and a password logged for sync.
      const { driver, done } = personDriver()
      try {
        const store = await openSqlStore(driver)
        const record = await store.records.getRecord('setting_instance', instance!.id)
        await store.records.writeRecords([
          {
            put: {
              ...record!,
              data: { ...record!.data, value: { endpoint: 'https://acme.example/api', token: LEGACY_TOKEN } },
            },
          },
        ])
        const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'old-version' })
        await new SqlSyncStore(driver).putRecord({
          kind: 'record:setting_instance',
          id: 'logged-by-an-older-version',
          fields: {
            'data.definition_id': { value: [DEFINITION], hlc },
            'data.value': { value: [{ nested: [{ password: LEGACY_LOGGED, note: 'kept' }] }], hlc },
          },
          deleted: { value: false, hlc },
          conflicts: [],
        })
      } finally {
        await done()
      }
      expect(await rowsHolding(LEGACY_TOKEN)).not.toEqual([])
      expect(await rowsHolding(LEGACY_LOGGED)).not.toEqual([])

      quire = await start()
      const read = await call('GET', `/api/v1/settings/instances/${instance!.id}`)
      expect(read.status, read.text).toBe(200)
      expect((read.json() as Instance).value).toEqual({
        endpoint: 'https://acme.example/api',
        token: '…91e0',
        _has_key: true,
        _key_valid: true,
      })
      expect(await stored(instance!.id)).toMatchObject({ token: LEGACY_TOKEN })
      const pulled = await pullText()
      expect(pulled).toContain('logged-by-an-older-version')
      for (const secret of [LEGACY_TOKEN, LEGACY_LOGGED]) {
        expect(pulled, secret).not.toContain(secret)
        expect(await rowsHolding(secret), secret).toEqual([])
      }
    })
  })
}
