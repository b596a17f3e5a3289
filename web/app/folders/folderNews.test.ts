import { describe, expect, it } from 'vitest'
import type { FolderStatus } from '../api/foldersApi'
import { folderNews } from './folderNews'

const status = (overrides: Partial<FolderStatus> = {}): FolderStatus => ({
  folder: '/srv/notes',
  state: 'ok',
  last_checked_at: '2026-11-24T15:00:00.000Z',
  scanning: false,
  progress: null,
  last_changes: { added: 0, updated: 0, renamed: 0, removed: 0, retry: 0 },
  skipped: [],
  files: [{ path: 'a.md', document_id: 'd1', size: 10, state: 'in_step' }],
  ...overrides,
})

describe('folder news', () => {
  it('is nothing on the first status seen, or when nothing moved', () => {
    expect(folderNews(undefined, status())).toEqual({ changes: undefined, documentsMoved: false })
    expect(folderNews(status(), status())).toEqual({ changes: undefined, documentsMoved: false })
  })

  it('says what a finished check changed, and that the documents moved', () => {
    const after = status({
      last_checked_at: '2026-11-24T15:05:00.000Z',
      last_changes: { added: 1, updated: 0, renamed: 0, removed: 1, retry: 0 },
      files: [{ path: 'b.md', document_id: 'd2', size: 10, state: 'processing' }],
    })
    expect(folderNews(status(), after)).toEqual({ changes: '1 added, 1 removed', documentsMoved: true })
    // Still scanning: the check has not finished, its changes are not told yet.
    expect(folderNews(status(), { ...after, scanning: true }).changes).toBeUndefined()
  })

  it('sees a file processed or failed since, with no new check', () => {
    const processing = status({ files: [{ path: 'a.md', document_id: 'd1', size: 10, state: 'processing' }] })
    expect(folderNews(processing, status())).toEqual({ changes: undefined, documentsMoved: true })
    const failed = status({
      files: [{ path: 'a.md', document_id: 'd1', size: 10, state: 'failed', reason: 'empty' }],
    })
    expect(folderNews(status(), failed).documentsMoved).toBe(true)
  })
})
