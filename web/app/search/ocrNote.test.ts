import { describe, expect, it } from 'vitest'
import { ocrNote } from './ocrNote'

describe('ocrNote', () => {
  it('says a passage was read by OCR and how sure it was, in whole percent', () => {
    expect(ocrNote({ confidence: 0.87 })).toBe('read by OCR, 87% confidence')
    expect(ocrNote({ confidence: 0.916 })).toBe('read by OCR, 92% confidence')
    expect(ocrNote(undefined)).toBeUndefined()
  })
})
