import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { createApiPorts } from '../../../web/core/api/createApiPorts'
import { followFolder } from '../../../web/core/folders/followFolder'
import { followedFolderKind } from '../../../web/core/folders/followedFolderKind'
import { scanFolder } from '../../../web/core/folders/scanFolder'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import { closedAfterAll } from '../../test/closedAfterAll'
import { DiskFileStore } from '../files/DiskFileStore'
import { WorkerIngestor } from '../ingest/WorkerIngestor'
import { openSqlStore } from '../sql/openSqlStore'
import { resolveFolder } from './folderRoots'
import { NodeFolder } from './NodeFolder'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const corpus = corpusDir(process.env, fileURLToPath(new URL('../../../', import.meta.url)))
const top = mkdtempSync(join(tmpdir(), 'quire-folder-'))
afterAll(() => rmSync(top, { recursive: true, force: true }))

// The core's scanner over a real directory on the server's disk, its SQLite store and its ingestion
// worker, with files of the shared corpus.
describe('a followed folder on the server', () => {
  const ingestors = closedAfterAll(() => new WorkerIngestor({}))

  it(
    'follows edits, deletions, renames, additions and skips unsupported files, links, pipes and sockets',
    { timeout: scaledTimeout(120_000) },
    async () => {
      const root = join(top, 'root')
      const notes = join(root, 'notes')
      mkdirSync(join(notes, 'web'), { recursive: true })
      mkdirSync(join(top, 'outside'))
      writeFileSync(join(top, 'outside', 'secret.md'), '# Secret\n\nThe vault code is 4711.')
      copyFileSync(`${corpus}/md/ripgrep__README.md`, join(notes, 'ripgrep.md'))
      copyFileSync(`${corpus}/md/ollama__api.md`, join(notes, 'ollama.md'))
      copyFileSync(`${corpus}/html/markitdown__test_blog.html`, join(notes, 'web', 'blog.html'))
      copyFileSync(`${corpus}/docx/docling__word_sample.docx`, join(notes, 'sample.docx'))
      writeFileSync(join(notes, 'tool.exe'), 'MZ not a document')
      writeFileSync(join(notes, '.hidden.md'), '# Hidden')
      symlinkSync(join(top, 'outside'), join(notes, 'link'))
      symlinkSync(join(top, 'outside', 'secret.md'), join(notes, 'secret.md'))

      const store = await openSqlStore(join(top, 'quire.db'))
      const runtime = createApiPorts({
        store,
        files: new DiskFileStore(join(top, 'files')),
        ingestor: ingestors(),
        maxUploadBytes: 10 * 1024 * 1024,
      })
      await runtime.start()
      const ports = runtime.ports
      const collection = await store.collections.createCollection({
        id: '00000000-0000-4000-8000-00000000f01d',
        name: 'Notes',
        description: '',
        color: null,
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      })
      const folder = new NodeFolder(await resolveFolder([root], notes))
      await followFolder(ports, collection.id, 'notes')
      const scan = async () => {
        const result = await scanFolder(collection.id, folder, ports)
        await runtime.documents.idle()
        return result
      }
      const documents = async () =>
        Object.fromEntries(
          (await store.documents.listDocuments({ collectionId: collection.id })).map((d) => [
            d.original_filename,
            d,
          ]),
        )

      execFileSync('mkfifo', [join(notes, 'pipe.md')])
      const socket = createServer().listen(join(notes, 'socket.md'))
      await once(socket, 'listening')

      expect(await scan()).toMatchObject({ added: 4, skipped: 5 })
      const first = await documents()
      expect(Object.keys(first).sort()).toEqual(['blog.html', 'ollama.md', 'ripgrep.md', 'sample.docx'])
      expect(Object.values(first).map((d) => d.status)).toEqual([
        'completed',
        'completed',
        'completed',
        'completed',
      ])
      const state = (await followedFolderKind.find(ports, collection.id))!.data
      expect(state.skipped).toEqual([
        { path: 'link', reason: 'a symbolic link: links are not followed' },
        { path: 'pipe.md', reason: 'a named pipe (FIFO): only regular files are read' },
        { path: 'secret.md', reason: 'a symbolic link: links are not followed' },
        { path: 'socket.md', reason: 'a socket: only regular files are read' },
        { path: 'tool.exe', reason: 'unsupported file type' },
      ])
      socket.close()

      expect(await scan()).toMatchObject({ added: 0, updated: 0, unchanged: 4 })
      const before = await store.chunks.listChunks({ documentId: first['ripgrep.md']!.id })
      expect(before.map((c) => c.text).join(' ')).toContain('line-oriented search tool')

      writeFileSync(join(notes, 'ripgrep.md'), '# ripgrep\n\nThe kingfisher dives for minnows at noon.')
      rmSync(join(notes, 'ollama.md'))
      renameSync(join(notes, 'web', 'blog.html'), join(notes, 'blog-post.html'))
      copyFileSync(`${corpus}/md/rustbook__ch10-03-lifetime-syntax.md`, join(notes, 'web', 'lifetimes.md'))
      expect(await scan()).toMatchObject({ added: 1, updated: 1, renamed: 1, removed: 1, unchanged: 1 })
      const after = await documents()
      expect(Object.keys(after).sort()).toEqual([
        'blog-post.html',
        'lifetimes.md',
        'ripgrep.md',
        'sample.docx',
      ])
      expect(after['ripgrep.md']!.id).toBe(first['ripgrep.md']!.id)
      expect(after['blog-post.html']!.id).toBe(first['blog.html']!.id)
      const chunks = await store.chunks.listChunks({ documentId: after['ripgrep.md']!.id })
      expect(chunks.map((c) => c.text).join(' ')).toContain('kingfisher')
      expect(chunks.map((c) => c.text).join(' ')).not.toContain('line-oriented search tool')
      const all = await store.chunks.listChunks({ collectionId: collection.id })
      expect(all.some((c) => c.text.includes('vault code'))).toBe(false)

      // An unplugged drive: the root is gone; nothing is removed, and the folder says it is missing.
      renameSync(root, join(top, 'unplugged'))
      expect(await scan()).toMatchObject({ missing: true, removed: 0 })
      expect(Object.keys(await documents()).length).toBe(4)
      renameSync(join(top, 'unplugged'), root)
      expect(await scan()).toMatchObject({ missing: false, unchanged: 4 })
      runtime.documents.stop()
      await store.close()
    },
  )
})
