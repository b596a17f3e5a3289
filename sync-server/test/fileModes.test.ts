import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCollection } from './createTestCollection'
import { signUpForTest } from './signUpForTest'
import { startTestServer } from './startTestServer'

// Issue 39 item 6: the data directory was created world-readable (`users/` 755, each person's
// database and files 644).

/** Every path under `root` whose mode lets group or others in, with its mode. */
function openToOthers(root: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const stat = lstatSync(path)
    if (stat.isSymbolicLink()) return
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`)
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name))
  }
  walk(root)
  return found
}

describe('DATA_DIR is the server’s own', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-modes-'))
  const lines: string[] = []
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    // What an older server left: a world-readable tree.
    chmodSync(dataDir, 0o755)
    mkdirSync(join(dataDir, 'users', 'old'), { recursive: true, mode: 0o755 })
    chmodSync(join(dataDir, 'users'), 0o755)
    writeFileSync(join(dataDir, 'users', 'old', 'quire.db'), 'old data', { mode: 0o644 })
    chmodSync(join(dataDir, 'users', 'old', 'quire.db'), 0o644)
    server = await startTestServer({ accounts: true, dataDir, lines })
  })
  afterAll(async () => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('tightens an existing world-readable tree at start, and says so', () => {
    expect(
      lines.some((line) => /DATA_DIR held \d+ paths other users of this machine could read/.test(line)),
    ).toBe(true)
    expect(lstatSync(join(dataDir, 'users')).mode & 0o777).toBe(0o700)
    expect(lstatSync(join(dataDir, 'users', 'old', 'quire.db')).mode & 0o777).toBe(0o600)
  })

  it('creates everything after owner-only: databases, keys, a person’s space and files', async () => {
    const user = await signUpForTest(server.url, 'modes')
    const collection = await createTestCollection(server.url, 'c', 'd', user.auth)
    const form = new FormData()
    form.append('collection_id', collection)
    form.append('file', new Blob(['# Notes\n\nSome words to keep.'], { type: 'text/markdown' }), 'notes.md')
    const upload = await fetch(`${server.url}/api/documents/`, {
      method: 'POST',
      headers: user.auth,
      body: form,
    })
    expect(upload.status).toBeLessThan(300)
    // Let the document be processed, so its chunks and the file store are written too.
    const id = ((await upload.json()) as { id: string }).id
    for (let i = 0; i < 100; i++) {
      const doc = await fetch(`${server.url}/api/documents/${id}`, { headers: user.auth })
      if (((await doc.json()) as { status: string }).status !== 'processing') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(readdirSync(join(dataDir, 'users')).length).toBeGreaterThan(1) // the new person's space
    expect(openToOthers(dataDir)).toEqual([])
  })
})
