import { describe, expect, it } from 'vitest'
import type { QuireDocument } from '../api/documentsApi'
import {
  failureMessage,
  formatBytes,
  lengthLabel,
  needsPassword,
  scanProgressLabel,
  typeLabel,
} from './documentLabels'

const failed = (metadata: QuireDocument['metadata']) => ({ status: 'failed', metadata }) as QuireDocument

describe('formatBytes', () => {
  it('uses decimal units with at most one decimal', () => {
    expect(formatBytes(0, 'en')).toBe('0 bytes')
    expect(formatBytes(1, 'en')).toBe('1 byte')
    expect(formatBytes(999, 'en')).toBe('999 bytes')
    expect(formatBytes(1536, 'en')).toBe('1.5 kB')
    expect(formatBytes(12_345_678, 'en')).toBe('12.3 MB')
    expect(formatBytes(250_000_000, 'en')).toBe('250 MB')
    expect(formatBytes(3e12, 'en')).toBe('3,000 GB')
  })
})

describe('document labels', () => {
  it('says how many scanned pages of a searchable document are read, and nothing otherwise', () => {
    const progress = (stage: string, pages?: [number, number]) =>
      ({
        stage,
        percent: 0,
        ...(pages && { pages_done: pages[0], pages_total: pages[1] }),
      }) as QuireDocument['progress']
    expect(scanProgressLabel({ status: 'completed', progress: progress('ocr', [4, 15]) })).toBe(
      'Reading 15 scanned pages: 4 of 15',
    )
    expect(scanProgressLabel({ status: 'completed', progress: progress('ocr', [0, 1]) })).toBe(
      'Reading 1 scanned page: 0 of 1',
    )
    expect(scanProgressLabel({ status: 'completed', progress: null })).toBeUndefined()
    expect(scanProgressLabel({ status: 'processing', progress: progress('parsing') })).toBeUndefined()
  })

  it('names known types and passes unknown ones through', () => {
    expect(typeLabel('docx')).toBe('Word')
    expect(typeLabel('jpeg')).toBe('JPEG image')
    expect(typeLabel('epub')).toBe('EPUB')
  })

  it('counts a deck in slides, a PDF in pages, and an image not at all', () => {
    expect(lengthLabel('pptx', 3)).toBe('3 slides')
    expect(lengthLabel('pdf', 1)).toBe('1 page')
    expect(lengthLabel('pdf', 14)).toBe('14 pages')
    expect(lengthLabel('png', 1)).toBeUndefined()
    expect(lengthLabel('docx', undefined)).toBeUndefined()
  })

  it('offers a password only for the password error codes', () => {
    expect(needsPassword(failed({ error_code: 'password_required' }))).toBe(true)
    expect(needsPassword(failed({ error_code: 'wrong_password' }))).toBe(true)
    expect(needsPassword(failed({ error_code: 'corrupt' }))).toBe(false)
    expect(needsPassword({ status: 'completed', metadata: {} } as QuireDocument)).toBe(false)
  })

  it("prefers the API's message and falls back by code", () => {
    expect(
      failureMessage(failed({ error: 'This PDF needs a password', error_code: 'password_required' })),
    ).toBe('This PDF needs a password')
    expect(failureMessage(failed({ error_code: 'no_text' }))).toBe('No text was found in this document.')
    expect(failureMessage(failed({}))).toBe('Processing failed.')
  })
})
