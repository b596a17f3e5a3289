import { describe, expect, it } from 'vitest'
import {
  changesLabel,
  checkedLabel,
  filesSummaryLabel,
  folderChangedLabel,
  fileStateLabel,
  progressLabel,
} from './folderLabels'

describe('folder labels', () => {
  it('say what a check changed, and nothing when it changed nothing', () => {
    const none = { added: 0, updated: 0, renamed: 0, removed: 0, retry: 2 }
    expect(changesLabel(none)).toBeUndefined()
    expect(changesLabel({ ...none, added: 1200, updated: 1, removed: 3 })).toBe(
      '1,200 added, 1 changed, 3 removed',
    )
    expect(folderChangedLabel('/srv/quire/roots/ada/notes/', '1 added')).toBe('“notes” changed: 1 added')
    expect(folderChangedLabel('C:\\Users\\ada\\Notes', '1 removed')).toBe('“Notes” changed: 1 removed')
    expect(folderChangedLabel('Notes', '2 added')).toBe('“Notes” changed: 2 added')
  })

  it('give a failed file its reason and a check its phase', () => {
    expect(
      fileStateLabel({ path: 'a.pdf', document_id: 'x', size: 10, state: 'failed', reason: 'encrypted' }),
    ).toBe('Failed: encrypted')
    expect(fileStateLabel({ path: 'a.pdf', document_id: 'x', size: 10, state: 'in_step' })).toBe('In step')
    expect(progressLabel({ phase: 'reading', done: 12, total: 2000 })).toBe(
      'Reading the folder: 12 of 2,000 files',
    )
  })

  it('count skipped files among the files, so the parts add up to what is listed', () => {
    const file = (path: string, state: 'in_step' | 'processing' | 'failed') => ({
      path,
      document_id: path,
      size: 10,
      state,
    })
    const inStep = ['a.md', 'b.md', 'c.md', 'd.md', 'e.md'].map((path) => file(path, 'in_step'))
    const zip = { path: 'backup.zip', reason: 'unsupported file type' }
    expect(filesSummaryLabel({ files: inStep, skipped: [zip] })).toBe('6 files: 5 in step, 1 skipped')
    expect(
      filesSummaryLabel({
        files: [...inStep.slice(0, 2), file('x.pdf', 'processing'), file('y.pdf', 'failed')],
        skipped: [zip, { ...zip, path: 'old.zip' }],
      }),
    ).toBe('6 files: 2 in step, 1 processing, 1 failed, 2 skipped')
    expect(filesSummaryLabel({ files: [], skipped: [zip] })).toBe('1 file: 0 in step, 1 skipped')
    expect(filesSummaryLabel({ files: inStep.slice(0, 1), skipped: [] })).toBe('1 file: 1 in step')
  })

  it('say how long ago the folder was checked, in words that age', () => {
    const at = '2026-01-02T10:00:00.000Z'
    const t = Date.parse(at)
    expect(checkedLabel(null, t)).toBe('not checked yet')
    expect(checkedLabel(at, t + 2_000)).toBe('last checked just now')
    expect(checkedLabel(at, t + 42_000)).toBe('last checked 42 s ago')
    expect(checkedLabel(at, t + 3 * 60_000 + 5_000)).toBe('last checked 3 min ago')
    expect(checkedLabel(at, t + 2 * 3_600_000)).toBe('last checked 2 h ago')
    expect(checkedLabel(at, t + 48 * 3_600_000)).toBe(`last checked ${new Date(t).toLocaleString()}`)
    // A clock a little behind the check's reads "just now", never a negative age.
    expect(checkedLabel(at, t - 3_000)).toBe('last checked just now')
  })
})
