import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import pg from 'pg'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatHlc } from '../../web/core/sync/Hlc'
import { corpusDir } from '../../web/core/testing/corpusDir'
import { SqliteSource } from '../src/move/SqliteSource'
import { personSchema, SERVER_SCHEMA } from '../src/sql/openDatabases'
import { createTestDatabase, type TestDatabase } from './postgres/createTestDatabase'
import { signUpForTest, type TestUser } from './signUpForTest'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))
const PDF = join(corpusDir(process.env, repoRoot), 'pdf', 'pdfjs__TAMReview.pdf')
/** A device's blob whose upload is begun on SQLite and finished after the move, on PostgreSQL. */
const BLOB = readFileSync(join(corpusDir(process.env, repoRoot), 'docx', 'docling__word_sample.docx'))
const BLOB_KEY = createHash('sha256').update(BLOB).digest('hex')
const BLOB_SENT = 40_000
const QUERY = 'perceived usefulness and ease of use of a technology'

/** The script as people run it: `npm run move-to-postgres -- ...`, in a child process. */
function runMove(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'move-to-postgres', '--', ...args],
      { cwd: repoRoot, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

// One connection per request: the server runs in this test's own process, where a busy event loop
// can let the server close an idle keep-alive connection just as the client reuses it (ECONNRESET).
const dispatcher = new Agent({ pipelining: 0 })

async function call(url: string, path: string, init: RequestInit & { auth?: Record<string, string> } = {}) {
  const headers = {
    ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
    ...init.auth,
  }
  const response = await fetch(`${url}${path}`, { ...init, headers, dispatcher } as RequestInit)
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`)
  return response
}

/** What a person's data looks like from outside: the same after the move, on PostgreSQL. */
async function observe(url: string, user: TestUser, documentId: string) {
  const json = async (path: string, init?: RequestInit) =>
    (await call(url, path, { ...init, auth: user.auth })).json()
  const search = (await json('/api/search_u/', {
    method: 'POST',
    body: JSON.stringify({ query: QUERY, top_k: 5 }),
  })) as { chunks: Array<{ id: string; document_id: string; content: string }> }
  const pull = (await json('/api/v1/sync/pull?after=0&limit=1000')) as { changes: unknown[]; cursor: number }
  const file = new Uint8Array(
    await (await call(url, `/api/documents/${documentId}/file`, { auth: user.auth })).arrayBuffer(),
  )
  return {
    search: search.chunks.map((chunk) => [chunk.id, chunk.document_id, chunk.content]),
    pull,
    file,
    collections: await json('/api/collections/'),
    sessions: await json('/api/chat/sessions'),
    settings: await json('/api/settings'),
    personas: await json('/api/v1/personas'),
  }
}

/** A part of BLOB, as the sync client's blob transfer sends it. */
async function sendPart(url: string, user: TestUser, first: number, end: number) {
  const response = await call(url, `/api/v1/sync/blobs/${BLOB_KEY}`, {
    method: 'PUT',
    body: BLOB.subarray(first, end),
    auth: {
      ...user.auth,
      'content-type': 'application/octet-stream',
      'content-range': `bytes ${first}-${end - 1}/${BLOB.length}`,
    },
  })
  return (await response.json()) as { complete: boolean; received: number }
}

async function pgCount(url: string, schema: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM "${schema}"."${table}"`)
    return Number(rows[0]?.n)
  } finally {
    await client.end()
  }
}

describe('moving a SQLite DATA_DIR into PostgreSQL (npm run move-to-postgres)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-move-'))
  let target: TestDatabase
  let alice: TestUser
  let bob: TestUser
  let documentId: string
  let before: Awaited<ReturnType<typeof observe>>
  let bobBefore: { pull: unknown }
  let moved: { code: number; stdout: string; stderr: string }

  beforeAll(async () => {
    target = await createTestDatabase()
    const sqlite = await startTestServer({ accounts: true, dataDir })
    try {
      alice = await signUpForTest(sqlite.url, 'alice')
      bob = await signUpForTest(sqlite.url, 'bob')
      const post = async (user: TestUser, path: string, body: unknown) =>
        (
          await call(sqlite.url, path, { method: 'POST', body: JSON.stringify(body), auth: user.auth })
        ).json() as Promise<{
          id: string
        }>
      const collection = await post(alice, '/api/collections/', { name: 'Papers', description: 'Reviews' })
      const form = new FormData()
      form.set('collection_id', collection.id)
      form.set('file', new Blob([readFileSync(PDF)], { type: 'application/pdf' }), 'TAMReview.pdf')
      documentId = (
        (await (
          await call(sqlite.url, '/api/documents/', { method: 'POST', body: form, auth: alice.auth })
        ).json()) as {
          id: string
        }
      ).id
      await sqlite.idle()
      const session = await post(alice, '/api/chat/sessions', { name: 'TAM', collection_id: collection.id })
      await post(alice, '/api/chat/message', {
        session_id: session.id,
        message: 'What is perceived usefulness?',
      })
      // An API key, sealed at rest with the DATA_DIR's key: it must still open after the move.
      await call(sqlite.url, '/api/settings', {
        method: 'PUT',
        body: JSON.stringify({
          generator: {
            kind: 'openai',
            base_url: 'http://models.example.invalid/v1',
            model: 'm',
            api_key: 'sk-moved-key-4321',
          },
        }),
        auth: alice.auth,
      })
      await post(alice, '/api/v1/personas', { name: 'Tutor', system_prompt: 'You are a patient tutor.' })
      const hlc = formatHlc({ wall: Date.now(), counter: 0, node: 'phone' })
      await post(alice, '/api/v1/sync/push', {
        client_id: 'alices-phone',
        mutations: [
          { counter: 1, change: { kind: 'note', id: 'from-phone', fields: { title: { value: 'x', hlc } } } },
        ],
      })
      await post(bob, '/api/collections/', { name: 'Bob’s', description: 'Other things' })
      // A device began uploading a blob and stopped part way (the server stopped, the laptop slept).
      await sendPart(sqlite.url, alice, 0, BLOB_SENT)
      await sqlite.idle()
      before = await observe(sqlite.url, alice, documentId)
      bobBefore = {
        pull: await (
          await call(sqlite.url, '/api/v1/sync/pull?after=0&limit=1000', { auth: bob.auth })
        ).json(),
      }
    } finally {
      await sqlite.close()
    }
    moved = await runMove(['--data-dir', dataDir, '--database-url', target.url])
  }, scaledTimeout(180_000))

  afterAll(async () => {
    await target?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('moves it, printing each person and table, with counts at the end', () => {
    expect(moved.stderr).toBe('')
    expect(moved.code, moved.stderr).toBe(0)
    expect(moved.stdout).toContain(`person ${alice.id}`)
    expect(moved.stdout).toContain(`person ${bob.id}`)
    expect(moved.stdout).toMatch(/chunks: [1-9]\d* rows/)
    expect(moved.stdout).toMatch(/Rows by table:[\s\S]*users: 2/)
    expect(moved.stdout).toContain(`unfinished uploads: 1 (${BLOB_SENT} bytes)`)
  })

  it('copies every table of every database row for row', async () => {
    const databases = [
      { schema: SERVER_SCHEMA, file: join(dataDir, 'server.db') },
      ...[alice, bob].map((user) => ({
        schema: personSchema(user.id),
        file: join(dataDir, 'users', user.id, 'quire.db'),
      })),
    ]
    for (const { schema, file } of databases) {
      const source = new SqliteSource(file)
      try {
        const tables = source.tables()
        expect(tables.map((table) => table.name)).toContain(schema === SERVER_SCHEMA ? 'users' : 'chunks')
        for (const table of tables) {
          expect(await pgCount(target.url, schema, table.name), `${schema}.${table.name}`).toBe(
            source.count(table.name),
          )
        }
      } finally {
        source.close()
      }
    }
  })

  it(
    'serves the same data from PostgreSQL alone: sign-in, tokens, API keys, search, sync pull, files',
    async () => {
      // A DATA_DIR of its own: everything it serves comes from PostgreSQL.
      const onPg = await startTestServer({ accounts: true, config: { databaseUrl: target.url } })
      try {
        // The same password signs in (the answer's tokens work), and a session from before the move is
        // still signed in: its token was signed with the moved key.
        const login = await call(onPg.url, '/api/v1/auth/login?include_tokens=true', {
          method: 'POST',
          body: JSON.stringify({ email: alice.email, password: alice.password }),
        })
        const tokens = (await login.json()) as { access_token: string }
        for (const token of [tokens.access_token, alice.access_token]) {
          const me = await call(onPg.url, '/api/v1/auth/me', { auth: { authorization: `Bearer ${token}` } })
          expect(((await me.json()) as { email: string }).email).toBe(alice.email)
        }
        const after = await observe(onPg.url, alice, documentId)
        expect(after.search.length).toBeGreaterThan(0)
        expect(after.search).toEqual(before.search)
        expect(after.settings).toMatchObject({ generator: { has_api_key: true, api_key_hint: '…4321' } })
        expect(after.pull).toEqual(before.pull)
        expect(Buffer.from(after.file).equals(readFileSync(PDF))).toBe(true)
        expect(after).toEqual(before)
        const bobPull = await (
          await call(onPg.url, '/api/v1/sync/pull?after=0&limit=1000', { auth: bob.auth })
        ).json()
        expect(bobPull).toEqual(bobBefore.pull)
        // New rows get new keys past the copied ones (the identity sequences were moved on).
        const created = await call(onPg.url, '/api/collections/', {
          method: 'POST',
          body: JSON.stringify({ name: 'After the move', description: 'new' }),
          auth: alice.auth,
        })
        expect(created.status).toBe(201)
      } finally {
        await onPg.close()
      }
    },
    scaledTimeout(60_000),
  )

  it(
    'lets a device finish on PostgreSQL a sync upload it began before the move',
    async () => {
      const onPg = await startTestServer({ accounts: true, config: { databaseUrl: target.url } })
      try {
        const blob = `/api/v1/sync/blobs/${BLOB_KEY}`
        const status = await (await call(onPg.url, `${blob}/status`, { auth: alice.auth })).json()
        expect(status).toEqual({ key: BLOB_KEY, complete: false, received: BLOB_SENT, size: BLOB.length })
        // It resumes where the server says it stands, as the sync client does.
        expect(await sendPart(onPg.url, alice, BLOB_SENT, BLOB.length)).toMatchObject({ complete: true })
        const stored = await call(onPg.url, blob, { auth: alice.auth })
        expect(Buffer.from(await stored.arrayBuffer()).equals(BLOB)).toBe(true)
      } finally {
        await onPg.close()
      }
    },
    scaledTimeout(60_000),
  )

  it(
    'refuses a target that already holds data, writing nothing',
    async () => {
      const users = await pgCount(target.url, SERVER_SCHEMA, 'users')
      const again = await runMove(['--data-dir', dataDir, '--database-url', target.url])
      expect(again.code, again.stderr).toBe(2)
      expect(again.stderr).toMatch(/already holds Quire data/)
      const forced = await runMove(['--data-dir', dataDir, '--database-url', target.url, '--force'])
      expect(forced.code, forced.stderr).toBe(2)
      expect(forced.stderr).toContain(personSchema(alice.id))
      expect(await pgCount(target.url, SERVER_SCHEMA, 'users')).toBe(users)
    },
    scaledTimeout(60_000),
  )

  it(
    'refuses a DATA_DIR whose schema version is not the code’s, writing nothing',
    async () => {
      const other = mkdtempSync(join(tmpdir(), 'quire-move-old-'))
      const empty = await createTestDatabase()
      try {
        cpSync(dataDir, other, { recursive: true })
        const db = new Database(join(other, 'users', bob.id, 'quire.db'))
        db.prepare(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'future', 'now')",
        ).run()
        db.close()
        const refused = await runMove(['--data-dir', other, '--database-url', empty.url])
        expect(refused.code, refused.stderr).toBe(2)
        expect(refused.stderr).toContain(`person ${bob.id} is at version 99`)
        const client = new pg.Client({ connectionString: empty.url })
        await client.connect()
        try {
          const { rowCount } = await client.query(
            "SELECT 1 FROM information_schema.schemata WHERE schema_name = 'quire'",
          )
          expect(rowCount).toBe(0)
        } finally {
          await client.end()
        }
      } finally {
        await empty.drop()
        rmSync(other, { recursive: true, force: true })
      }
    },
    scaledTimeout(60_000),
  )
})

describe('moving a single-user DATA_DIR (QUIRE_SINGLE_USER=1)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-move-single-'))
  let target: TestDatabase
  beforeAll(async () => {
    target = await createTestDatabase()
  })
  afterAll(async () => {
    await target?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it(
    'moves the data at the top of DATA_DIR as the local user’s, over a target started once with --force',
    async () => {
      const sqlite = await startTestServer({ dataDir })
      let before: unknown
      try {
        await call(sqlite.url, '/api/collections/', {
          method: 'POST',
          body: JSON.stringify({ name: 'Mine', description: 'Single-user notes' }),
        })
        before = await (await call(sqlite.url, '/api/collections/')).json()
      } finally {
        await sqlite.close()
      }
      // The target was started once by mistake: an account in its server schema, nobody's data.
      const mistake = await startTestServer({ accounts: true, config: { databaseUrl: target.url } })
      try {
        await signUpForTest(mistake.url, 'carol')
      } finally {
        await mistake.close()
      }
      const refused = await runMove(['--data-dir', dataDir, '--database-url', target.url])
      expect(refused.code, refused.stderr).toBe(2)
      expect(refused.stderr).toContain('pass --force')
      const moved = await runMove(['--data-dir', dataDir, '--database-url', target.url, '--force'])
      expect(moved.code, moved.stderr).toBe(0)
      expect(await pgCount(target.url, SERVER_SCHEMA, 'users')).toBe(0)
      const onPg = await startTestServer({ config: { databaseUrl: target.url } })
      try {
        expect(await (await call(onPg.url, '/api/collections/')).json()).toEqual(before)
      } finally {
        await onPg.close()
      }
    },
    scaledTimeout(60_000),
  )
})
