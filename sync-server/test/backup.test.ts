import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { callJson } from './callJson'
import { createTestCollection } from './createTestCollection'
import { startTestServer } from './startTestServer'
import { scaledTimeout } from '../../web/core/testing/node/scaledTimeout'

type Server = Awaited<ReturnType<typeof startTestServer>>
const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** `npm run backup -- <target> --data-dir <dir>` as an operator runs it: its own process. */
function runBackup(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: '' },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

const upload = async (server: Server, collectionId: string, name: string, text: string) => {
  const form = new FormData()
  form.set('collection_id', collectionId)
  form.set('file', new Blob([text], { type: 'text/markdown' }), name)
  const answer = await fetch(`${server.url}/api/documents/`, { method: 'POST', body: form })
  expect(answer.status).toBe(201)
  return ((await answer.json()) as { id: string }).id
}

// Issue 41 item 5: an operator backs up a running SQLite server while people keep writing, and
// restores the copy into a fresh DATA_DIR.
describe('npm run backup', () => {
  const dirs: string[] = []
  const servers: Server[] = []
  afterAll(async () => {
    for (const server of servers) await server.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it(
    'copies a running server without stopping its writes; the copy starts with the data there',
    { timeout: scaledTimeout(120_000) },
    async () => {
      const live = await startTestServer()
      servers.push(live)
      const collection = await createTestCollection(live.url, 'Harbour', 'Logs')
      const words = ['kittiwake', 'cormorant', 'guillemot']
      const ids = []
      for (const word of words)
        ids.push(await upload(live, collection, `${word}.md`, `# ${word}\n\nThe ${word} nests on the cliff.`))
      await expect
        .poll(
          async () =>
            (
              (await callJson(live.url, 'GET', '/api/documents/')).body as unknown as Array<{
                status: string
              }>
            ).every((d) => d.status === 'completed'),
          { timeout: 30_000 },
        )
        .toBe(true)

      // People keep writing while the backup runs: collections and uploads, each acknowledged.
      let writing = true
      const acknowledged: Array<{ id: string; at: number }> = []
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const id = await createTestCollection(live.url, `Busy ${i}`, 'written during the backup')
          await upload(live, id, `busy-${i}.md`, `# Busy ${i}\n\nLedger line ${i} of the busy day.`)
          acknowledged.push({ id, at: Date.now() })
        }
      })()
      const target = join(mkdtempSync(join(tmpdir(), 'quire-backups-')), 'copy')
      dirs.push(join(target, '..'))
      await new Promise((resolve) => setTimeout(resolve, 200))
      const started = Date.now()
      const backup = await runBackup(target, '--data-dir', live.dataDir)
      const ended = Date.now()
      writing = false
      await writer
      expect(backup.code, backup.output).toBe(0)
      expect(backup.output).toMatch(/Backed up 2 databases and \d+ files/)
      // Writes went on while it ran: none waited for it.
      expect(acknowledged.filter((write) => write.at > started && write.at < ended).length).toBeGreaterThan(0)
      // A second backup into the same folder is refused, writing nothing.
      const again = await runBackup(target, '--data-dir', live.dataDir)
      expect(again.code).toBe(2)
      expect(again.output).toMatch(/not empty/)

      // The copy is a consistent database, and a server started on it has everything written before.
      const database = new Database(join(target, 'quire.db'), { readonly: true })
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok')
      database.close()
      const restored = await startTestServer({ dataDir: target })
      servers.push(restored)
      const documents = (await callJson(restored.url, 'GET', '/api/documents/')).body as unknown as Array<{
        id: string
        status: string
        collection_id: string
      }>
      for (const id of ids) expect(documents.find((document) => document.id === id)?.status).toBe('completed')
      const collections = (
        (await callJson(restored.url, 'GET', '/api/collections/')).body as unknown as Array<{ id: string }>
      ).map((c) => c.id)
      for (const write of acknowledged.filter((write) => write.at < started))
        expect(collections).toContain(write.id)
      for (const word of words) {
        const found = await callJson(restored.url, 'POST', '/api/search_u/', { query: word })
        expect((found.body.chunks as Array<{ content: string }>)[0]?.content).toContain(word)
      }
      // Every document in the copy has its file (files are copied before and after the database).
      for (const document of documents) {
        expect((await fetch(`${restored.url}/api/documents/${document.id}/file`)).status, document.id).toBe(
          200,
        )
      }
    },
  )
})
