import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { DocumentRecord } from '../../web/core/store/DocumentRecord'
import { corpusDir } from '../../web/core/testing/corpusDir'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

/** Starts `sync-server/src/main.ts` as `npm start` does and resolves its URL once it is ready. */
function startMain(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'none'),
    },
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 20_000)
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const match = /ready at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve({ child, url: match[1] })
      }
    })
    child.stderr?.on('data', (chunk) => (output += chunk))
  })
}

// The server process is killed (SIGKILL, no chance to clean up) while a document is processing;
// after a restart the document is processed again and completes, and nothing stored is lost.
describe('restart recovery', () => {
  const children: ChildProcess[] = []
  const dirs: string[] = []
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL')
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('resumes a document interrupted by a crash', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-restart-'))
    dirs.push(dataDir)
    const first = await startMain(dataDir)
    children.push(first.child)
    const collection = (await (
      await fetch(`${first.url}/api/collections/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Taxes', description: 'Instructions' }),
      })
    ).json()) as { id: string }
    const form = new FormData()
    form.append('collection_id', collection.id)
    const pdf = readFileSync(join(corpusDir(process.env, repoRoot), 'pdf/pdfminer__i1040nr.pdf'))
    form.append('file', new Blob([pdf]), 'i1040nr.pdf')
    const uploaded = (await (
      await fetch(`${first.url}/api/documents/`, { method: 'POST', body: form })
    ).json()) as DocumentRecord
    expect(uploaded.status).toBe('processing')

    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))

    const second = await startMain(dataDir)
    children.push(second.child)
    let document: DocumentRecord | undefined
    const deadline = Date.now() + 90_000
    while (Date.now() < deadline) {
      document = (await (await fetch(`${second.url}/api/documents/${uploaded.id}`)).json()) as DocumentRecord
      if (document.status !== 'processing') break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(document?.status, JSON.stringify(document?.metadata)).toBe('completed')
    expect(document?.metadata.pages).toBe(50)
    expect(document?.chunk_count).toBeGreaterThan(0)
    const after = (await (await fetch(`${second.url}/api/collections/${collection.id}`)).json()) as {
      document_count: number
    }
    expect(after.document_count).toBe(1)
  })
})
