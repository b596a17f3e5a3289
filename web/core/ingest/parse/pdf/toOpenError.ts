import { ParseError } from '../../ParseError'
import type { PdfJsLike } from './PdfJs'

/** pdf.js's `PasswordResponses`, for builds that do not export them. */
const NEED_PASSWORD = 1
const INCORRECT_PASSWORD = 2

/**
 * Explains why pdf.js could not open a file. pdf.js errors cross its worker boundary as plain objects
 * with `name`, `message` and (for passwords) `code`, so they are told apart by name, not by class.
 * Owner-password-only files (printing or copying restricted) open without a password and never get here.
 */
export function toOpenError(
  error: unknown,
  bytes: Uint8Array,
  password: string | undefined,
  pdfjs: PdfJsLike,
): ParseError {
  if (error instanceof ParseError) return error
  const { name, message, code } = describe(error)
  if (name === 'PasswordException') {
    const incorrect = pdfjs.PasswordResponses?.INCORRECT_PASSWORD ?? INCORRECT_PASSWORD
    const needed = pdfjs.PasswordResponses?.NEED_PASSWORD ?? NEED_PASSWORD
    if (code === incorrect || (password && code === needed)) {
      return new ParseError(
        'wrong_password',
        'The password for this PDF is not correct. Upload it again with the right password.',
      )
    }
    return new ParseError(
      'password_required',
      'This PDF is protected by a password: open it with its password.',
    )
  }
  if (!hasPdfHeader(bytes)) {
    return new ParseError('corrupt', 'This file is not a PDF: it does not start with a PDF header.')
  }
  return new ParseError('corrupt', `This file is not a readable PDF (${detail(message)}).`)
}

/** A page that pdf.js could not load or read: the document is damaged there, so the parse fails. */
export function toPageError(error: unknown, page: number, pages: number): ParseError {
  if (error instanceof ParseError) return error
  return new ParseError(
    'corrupt',
    `This PDF is damaged: page ${page} of ${pages} could not be read (${detail(describe(error).message)}).`,
  )
}

function describe(error: unknown): { name: string; message: string; code: unknown } {
  if (typeof error !== 'object' || error === null)
    return { name: '', message: String(error), code: undefined }
  const record = error as { name?: unknown; message?: unknown; code?: unknown }
  return {
    name: typeof record.name === 'string' ? record.name : '',
    message: typeof record.message === 'string' ? record.message : '',
    code: record.code,
  }
}

function detail(message: string): string {
  const text = message.trim().replace(/\.$/u, '')
  if (!text) return 'unknown error'
  return text.length > 200 ? `${text.slice(0, 200)}…` : text
}

/** PDF readers accept the `%PDF-` header anywhere in the first 1024 bytes. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024)
  for (let index = 0; index + 5 <= head.length; index++) {
    if (
      head[index] === 0x25 &&
      head[index + 1] === 0x50 &&
      head[index + 2] === 0x44 &&
      head[index + 3] === 0x46 &&
      head[index + 4] === 0x2d
    ) {
      return true
    }
  }
  return false
}
