import { describe, expect, it } from 'vitest'
import type { DocumentParser, ParsedDocument } from '../DocumentModel'
import { parseDocument } from './parseDocument'
import { parseErrorOf } from '../../testing/parseErrorOf'

const encode = (text: string) => new TextEncoder().encode(text)
const doc: ParsedDocument = { blocks: [{ kind: 'paragraph', text: 'hello', headingPath: [] }] }
const instant: DocumentParser = { kinds: ['markdown', 'text'], parse: async () => doc }

const parseError = parseErrorOf

describe('parseDocument', () => {
  it('hands the sniffed kind to its parser', async () => {
    const parsed = await parseDocument(encode('# Title\n\nText'), 'notes.md', { parsers: [instant] })
    expect(parsed).toEqual({ ...doc, kind: 'markdown' })
  })

  it('refuses empty files, unknown content and kinds without a parser', async () => {
    expect((await parseError(parseDocument(new Uint8Array(), 'a.md', { parsers: [instant] }))).code).toBe(
      'corrupt',
    )
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
    const notPdf = await parseError(parseDocument(png, 'scan.pdf', { parsers: [instant] }))
    expect(notPdf.code).toBe('not_supported')
    expect(notPdf.message).toMatch(/not a PDF/)
    const noParser = await parseError(parseDocument(encode('%PDF-1.7\n'), 'a.pdf', { parsers: [instant] }))
    expect(noParser.message).toMatch(/No parser for pdf/)
  })

  it('stops a parser that never finishes, and aborts its signal', async () => {
    let seen: AbortSignal | undefined
    const hanging: DocumentParser = {
      kinds: ['text'],
      parse: (_bytes, { signal }) => {
        seen = signal
        return new Promise(() => undefined)
      },
    }
    const error = await parseError(
      parseDocument(encode('text'), 'a.txt', { parsers: [hanging], timeoutMs: 50 }),
    )
    expect(error.code).toBe('timeout')
    expect(seen?.aborted).toBe(true)
  })

  it('limits how long a parse goes without progress, not how long it takes', async () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
    // A page every 20 ms for 600 ms in all, four times the limit; then one that stalls for 400 ms.
    const paged = (stallMs: number): DocumentParser => ({
      kinds: ['text'],
      async parse(_bytes, { onProgress, signal }) {
        for (let page = 1; page <= 30; page++) {
          await sleep(20)
          signal?.throwIfAborted()
          onProgress?.(page / 30)
        }
        await sleep(stallMs)
        return doc
      },
    })
    const steady = await parseDocument(encode('text'), 'a.txt', { parsers: [paged(0)], timeoutMs: 150 })
    expect(steady.blocks).toEqual(doc.blocks)
    const stalled = await parseError(
      parseDocument(encode('text'), 'a.txt', { parsers: [paged(400)], timeoutMs: 150 }),
    )
    expect(stalled.code).toBe('timeout')
    expect(stalled.message).toBe(
      'Reading the file made no progress for 0 s (no page was read) and was stopped',
    )
  })

  it('turns unexpected parser errors into a readable ParseError and survives late failures', async () => {
    const throwing: DocumentParser = {
      kinds: ['text'],
      parse: async () => {
        throw new TypeError('cannot read properties of undefined')
      },
    }
    const error = await parseError(parseDocument(encode('text'), 'a.txt', { parsers: [throwing] }))
    expect(error.code).toBe('corrupt')
    expect(error.message).toMatch(/could not be read: cannot read/)

    const lateFailure: DocumentParser = {
      kinds: ['text'],
      parse: () => new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 80)),
    }
    expect(
      (await parseError(parseDocument(encode('t'), 'a.txt', { parsers: [lateFailure], timeoutMs: 10 }))).code,
    ).toBe('timeout')
    await new Promise((resolve) => setTimeout(resolve, 120))
  })

  it('honours a cancelled signal', async () => {
    const controller = new AbortController()
    controller.abort()
    const slow: DocumentParser = { kinds: ['text'], parse: () => new Promise(() => undefined) }
    const error = await parseError(
      parseDocument(encode('t'), 'a.txt', { parsers: [slow], signal: controller.signal }),
    )
    expect(error.message).toBe('Processing was cancelled')
  })
})
