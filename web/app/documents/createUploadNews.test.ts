import { describe, expect, it } from 'vitest'
import type { QuireDocument } from '../api/documentsApi'
import type { ToastInput } from '../toasts/toastStore'
import { createUploadNews } from './createUploadNews'
import { uploadBatchLine } from './uploadBatchLine'

function doc(id: string, status: 'completed' | 'failed', error?: string): QuireDocument {
  return {
    id,
    original_filename: `${id}.md`,
    status,
    metadata: error ? { error } : {},
  } as unknown as QuireDocument
}

function listen() {
  const toasts: ToastInput[] = []
  const notices: Array<{ title: string; text: string }> = []
  const news = createUploadNews('c1', {
    showToast: (toast) => toasts.push(toast),
    addNotice: (notice) => notices.push(notice),
  })
  return { news, toasts, notices, lines: () => toasts.map((toast) => toast.message) }
}

describe('createUploadNews', () => {
  it('counts a batch in one line under one key: "3 of 14 ready"', () => {
    const { news, toasts, lines } = listen()
    news.chosen(14)
    for (let i = 1; i <= 14; i++) news.uploaded(`d${i}`)
    for (let i = 1; i <= 3; i++) news.finished(doc(`d${i}`, 'completed'))
    expect(lines()).toEqual(['1 of 14 ready', '2 of 14 ready', '3 of 14 ready'])
    expect(new Set(toasts.map((toast) => toast.key))).toEqual(new Set(['documents:c1']))
    // Still under way: the line stays up longer than a plain toast.
    expect(toasts.at(-1)?.durationMs).toBeGreaterThan(8000)
    for (let i = 4; i <= 14; i++) news.finished(doc(`d${i}`, 'completed'))
    expect(lines().at(-1)).toBe('14 of 14 ready')
    expect(toasts.at(-1)?.durationMs).toBe(8000)
  })

  it('counts failures, keeps each reason as a notice, and offers to read them', () => {
    const { news, toasts, notices, lines } = listen()
    news.chosen(3)
    news.uploaded('a')
    news.uploaded('b')
    news.notUploaded('big.pdf', 'The file is larger than 100 MB.')
    news.finished(doc('a', 'failed', 'No text was found in this document.'))
    news.finished(doc('b', 'completed'))
    expect(lines()).toEqual(['0 of 3 ready, 1 failed', '0 of 3 ready, 2 failed', '1 of 3 ready, 2 failed'])
    expect(toasts.at(-1)?.action?.label).toBe('Read')
    expect(notices.map((notice) => notice.text)).toEqual([
      '“big.pdf” was not uploaded: The file is larger than 100 MB.',
      '“a.md” could not be processed: No text was found in this document.',
    ])
  })

  it('says a single file, or a document outside a batch, by its name', () => {
    const { news, toasts, notices, lines } = listen()
    news.chosen(1)
    news.uploaded('one')
    news.finished(doc('one', 'completed'))
    // A retry or a folder's new file: not in a batch.
    news.finished(doc('other', 'failed', 'The file is damaged and could not be read.'))
    expect(lines()).toEqual(['“one.md” is ready', '“other.md” could not be processed'])
    expect(toasts.every((toast) => toast.notice === false)).toBe(true)
    expect(notices).toHaveLength(1)
  })

  it('begins a new batch once the last one is settled, and joins one under way', () => {
    const { news, lines } = listen()
    news.chosen(2)
    news.uploaded('a')
    news.uploaded('b')
    news.finished(doc('a', 'completed'))
    news.chosen(2)
    news.uploaded('c')
    news.finished(doc('b', 'completed'))
    expect(lines()).toEqual(['1 of 2 ready', '2 of 4 ready'])
    news.uploaded('d')
    news.finished(doc('c', 'completed'))
    news.finished(doc('d', 'completed'))
    news.chosen(2)
    news.uploaded('e')
    news.finished(doc('e', 'completed'))
    expect(lines().slice(-2)).toEqual(['4 of 4 ready', '1 of 2 ready'])
  })

  it('counts what finished while the page was closed once the list is fetched again', () => {
    const { news, lines } = listen()
    news.chosen(3)
    for (const id of ['a', 'b', 'c']) news.uploaded(id)
    news.finished(doc('a', 'completed'))
    const processing = { ...doc('c', 'completed'), status: 'processing' } as QuireDocument
    news.caughtUp([doc('a', 'completed'), doc('b', 'completed'), processing])
    expect(lines()).toEqual(['1 of 3 ready', '2 of 3 ready'])
    news.caughtUp([doc('c', 'completed')])
    news.caughtUp([doc('c', 'completed')])
    expect(lines().at(-1)).toBe('3 of 3 ready')
    expect(lines()).toHaveLength(3)
  })

  it('words a batch line', () => {
    expect(uploadBatchLine({ total: 14, ready: 3, failed: 0 })).toBe('3 of 14 ready')
    expect(uploadBatchLine({ total: 14, ready: 12, failed: 2 })).toBe('12 of 14 ready, 2 failed')
  })

  it('counts the duplicates left out, and a batch with them ends when the rest is ready', () => {
    const { news, toasts, lines } = listen()
    news.chosen(4)
    news.uploaded('a')
    news.uploaded('b')
    news.skipped()
    news.skipped()
    news.finished(doc('a', 'completed'))
    news.finished(doc('b', 'completed'))
    expect(lines()).toEqual([
      '0 of 4 ready, 1 duplicate skipped',
      '0 of 4 ready, 2 duplicates skipped',
      '1 of 4 ready, 2 duplicates skipped',
      '2 of 4 ready, 2 duplicates skipped',
    ])
    expect(toasts.at(-1)?.durationMs).toBe(8000)
    // Settled: the next choice is a new batch.
    news.chosen(2)
    news.uploaded('c')
    news.finished(doc('c', 'completed'))
    expect(lines().at(-1)).toBe('1 of 2 ready')
  })
})
