import { describe, expect, it } from 'vitest'
import { FolderFileChangedError, type FolderEntry, type FolderPort } from './FolderPort'
import { planFolderScan } from './planFolderScan'

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
})
