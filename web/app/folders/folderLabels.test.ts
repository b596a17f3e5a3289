import { describe, expect, it } from 'vitest'
import { changesLabel, fileStateLabel, progressLabel } from './folderLabels'

describe('folder labels', () => {
  it('say what a check changed, and nothing when it changed nothing', () => {
    const none = { added: 0, updated: 0, renamed: 0, removed: 0, retry: 2 }
    expect(changesLabel(none)).toBeUndefined()
    expect(changesLabel({ ...none, added: 1200, updated: 1, removed: 3 })).toBe(
      '1,200 added, 1 changed, 3 removed',
    )
  })

  it('give a failed file its reason and a check its phase', () => {
    expect(fileStateLabel({ path: 'a.pdf', document_id: 'x', state: 'failed', reason: 'encrypted' })).toBe(
      'Failed: encrypted',
    )
    expect(fileStateLabel({ path: 'a.pdf', document_id: 'x', state: 'in_step' })).toBe('In step')
    expect(progressLabel({ phase: 'reading', done: 12, total: 2000 })).toBe(
      'Reading the folder: 12 of 2,000 files',
    )
  })
})
