import { describe, expect, it } from 'vitest'
import { FolderFileChangedError, type FolderEntry, type FolderPort } from './FolderPort'
import { planFolderScan } from './planFolderScan'
import { sha256Hex } from '../store/FileStore'

const encoder = new TextEncoder()

describe('planFolderScan', () => {
  it('reports what the host will not read without reading it, and retries a file changed since listed', async () => {
    const entries: FolderEntry[] = [
      { path: 'note.md', size: 6, modified: 1 },
      { path: 'pipe.md', size: 0, modified: 0, skip: 'a named pipe (FIFO): only regular files are read' },
      { path: 'link.md', size: 0, modified: 0, skip: 'a symbolic link: links are not followed' },
      { path: 'moving.md', size: 6, modified: 1 },
      { path: 'locked.md', size: 6, modified: 1 },
    ]
    const read: string[] = []
    const folder: FolderPort = {
      list: async () => entries,
      read: async (path) => {
        read.push(path)
        if (path === 'moving.md') throw new FolderFileChangedError()
        if (path === 'locked.md') throw new Error('EACCES: permission denied, open /srv/people/x/locked.md')
        return encoder.encode('# Note')
      },
    }
    const plan = await planFolderScan(
      { entries, known: new Map(), documentExists: () => false, maxFileBytes: 1024 },
      folder,
    )
    expect(read.sort()).toEqual(['locked.md', 'moving.md', 'note.md'])
    expect(plan.adds.map((add) => add.entry.path)).toEqual(['note.md'])
    expect(plan.skipped).toEqual([
      { path: 'link.md', reason: 'a symbolic link: links are not followed' },
      { path: 'locked.md', reason: 'could not be read; tried again next check' },
      { path: 'pipe.md', reason: 'a named pipe (FIFO): only regular files are read' },
    ])
    expect(plan.retries).toEqual([
      { path: 'moving.md', reason: 'changed while it was read; read again next check' },
    ])
  })

  it('skips a file found to be a duplicate before without reading it, unless a followed file is gone', async () => {
    const entries: FolderEntry[] = [
      { path: 'a.md', size: 6, modified: 1 },
      { path: 'copy.md', size: 6, modified: 2 },
    ]
    const read: string[] = []
    const folder: FolderPort = {
      list: async () => entries,
      read: async (path) => {
        read.push(path)
        return encoder.encode('# Note')
      },
    }
    const hash = await sha256Hex(encoder.encode('# Note'))
    const known = new Map([['a.md', { path: 'a.md', size: 6, modified: 1, hash, document_id: 'd' }]])
    const skip = { path: 'copy.md', reason: 'the same content as “a.md”, already in this collection' }
    const input = {
      entries,
      known,
      documentExists: () => true,
      maxFileBytes: 1024,
      stillDuplicate: (entry: FolderEntry) => (entry.path === 'copy.md' ? skip : undefined),
    }
    const plan = await planFolderScan(input, folder)
    expect(read).toEqual([])
    expect(plan.skipped).toEqual([skip])
    expect(plan.unchanged).toBe(1)

    // a.md gone: copy.md may be it, renamed; it is read and seen as the rename it is.
    const renamed = await planFolderScan({ ...input, entries: [entries[1]!] }, folder)
    expect(read).toEqual(['copy.md'])
    expect(renamed.skipped).toEqual([])
    expect(renamed.adds).toEqual([])
    expect(renamed.renames.map((rename) => [rename.known.path, rename.entry.path])).toEqual([
      ['a.md', 'copy.md'],
    ])
  })
})
