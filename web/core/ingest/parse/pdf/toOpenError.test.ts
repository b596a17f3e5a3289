import { describe, expect, it } from 'vitest'
import { ParseError } from '../../ParseError'
import type { PdfJsLike } from './PdfJs'
import { toOpenError, toPageError } from './toOpenError'

const pdfjs: PdfJsLike = {
  getDocument: () => ({ promise: new Promise(() => undefined), destroy: async () => {} }),
}
const pdfBytes = new TextEncoder().encode('%PDF-1.7\n%%EOF')

describe('toOpenError', () => {
  // pdf.js errors cross the worker boundary as plain objects, so they are matched by name and code.
  it('tells a missing password from a wrong one', () => {
    const need = { name: 'PasswordException', message: 'No password given', code: 1 }
    const wrong = { name: 'PasswordException', message: 'Incorrect Password', code: 2 }
    expect(toOpenError(need, pdfBytes, undefined, pdfjs).code).toBe('password_required')
    expect(toOpenError(need, pdfBytes, 'guess', pdfjs).code).toBe('wrong_password')
    expect(toOpenError(wrong, pdfBytes, 'guess', pdfjs).code).toBe('wrong_password')
  })

  it('says whether the bytes are a PDF at all', () => {
    const invalid = { name: 'InvalidPDFException', message: 'Invalid PDF structure.' }
    expect(toOpenError(invalid, pdfBytes, undefined, pdfjs).message).toBe(
      'This file is not a readable PDF (Invalid PDF structure).',
    )
    expect(toOpenError(invalid, new Uint8Array([0x89, 0x50, 0x4e, 0x47]), undefined, pdfjs).message).toMatch(
      /not a PDF/,
    )
    expect(toOpenError('boom', pdfBytes, undefined, pdfjs).code).toBe('corrupt')
  })

  it('names the page that failed and passes ParseErrors through', () => {
    expect(toPageError(new Error('Bad XRef entry.'), 3, 9).message).toBe(
      'This PDF is damaged: page 3 of 9 could not be read (Bad XRef entry).',
    )
    const timeout = new ParseError('timeout', 'slow')
    expect(toPageError(timeout, 1, 1)).toBe(timeout)
  })
})
