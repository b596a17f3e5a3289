import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { manyObjectsPdf } from '../../../web/core/testing/node/hostileIngestFiles'
import { describe, expect, it } from 'vitest'
import { loadNodePdfJs } from '../../src/ingest/nodePdfjs'
import { corpusDir } from '../../../web/core/testing/corpusDir'
import type { ParsedDocument } from '../../../web/core/ingest/DocumentModel'
import { ParseError } from '../../../web/core/ingest/ParseError'
import { createPdfParser, type PdfParseOptions } from '../../../web/core/ingest/parse/pdf/createPdfParser'
import { parseErrorOf } from '../../../web/core/testing/parseErrorOf'
import { scaledTimeout } from '../../../web/core/testing/node/scaledTimeout'

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const corpus = corpusDir(process.env, repoRoot)
const parser = createPdfParser(loadNodePdfJs)

function read(file: string): Uint8Array {
  return new Uint8Array(readFileSync(`${corpus}/${file}`))
}

function parse(file: string, options: PdfParseOptions = {}): Promise<ParsedDocument> {
  return parser.parse(read(file), options)
}

const failure = parseErrorOf

function fullText(document: ParsedDocument): string {
  return document.blocks.map((block) => block.text).join('\n')
}

describe('createPdfParser on the corpus', () => {
  it('reads the two-column tracemonkey paper column by column', async () => {
    const document = await parse('pdf/pdfjs__tracemonkey.pdf')
    expect(document.pages).toBe(14)
    expect(document.title).toBe('Trace-based Just-in-Time Type Specialization for Dynamic Languages')
    const text = fullText(document)
    // Both sentences run over line breaks in the first column of page 1 ("com-" / "pile" is mended).
    expect(text).toContain(
      'Dynamic languages such as JavaScript are more difficult to compile than statically typed ones.',
    )
    expect(text).toContain(
      'We present an alternative compilation technique for dynamically-typed languages that identifies frequently executed loop traces at run-time',
    )
    const abstract = text.indexOf('Dynamic languages such as JavaScript are more difficult')
    const introduction = text.indexOf('1. Introduction')
    const secondColumn = text.indexOf('and is used for the application logic of browser-based productivity')
    expect(abstract).toBeGreaterThanOrEqual(0)
    expect(introduction).toBeGreaterThan(abstract)
    expect(secondColumn).toBeGreaterThan(introduction)
    const heading = document.blocks.find((block) => block.text === '1. Introduction')
    expect(heading).toMatchObject({ kind: 'heading', page: 1 })
    const pages = new Set(document.blocks.map((block) => block.page))
    expect([...pages].sort((a = 0, b = 0) => a - b)).toEqual(
      Array.from({ length: 14 }, (_, index) => index + 1),
    )
  })

  it(
    'reads the three-column tax instructions with 50 pages',
    { timeout: scaledTimeout(60_000) },
    async () => {
      const document = await parse('pdf/pdfminer__i1040nr.pdf')
      expect(document.pages).toBe(50)
      // On page 1 the content stream interleaves the columns row by row; these lines are one column's.
      expect(fullText(document)).toContain(
        'Tax benefits extended. The following tax benefits were extended through 2007.',
      )
    },
  )

  it('reads the long review article', { timeout: scaledTimeout(60_000) }, async () => {
    const document = await parse('pdf/pdfjs__TAMReview.pdf')
    expect(document.pages).toBe(23)
    expect(fullText(document)).toContain('Technology Acceptance Model')
  })

  it('opens a PDF encrypted with an owner password only', async () => {
    const document = await parse('pdf/pdfminer__dmca.pdf')
    expect(document.pages).toBe(18)
    expect(fullText(document)).toContain('Digital Millennium Copyright Act')
  })

  it('asks for the user password, opens with the right one and rejects a wrong one', async () => {
    const file = 'pdf/pdfplumber__password-example.pdf'
    const missing = await failure(parse(file))
    expect(missing.code).toBe('password_required')
    expect(missing.message).toBe('This PDF is protected by a password: open it with its password.')
    const document = await parse(file, { password: 'test' })
    expect(document.pages).toBe(4)
    expect(fullText(document)).toContain('Backup4all')
    expect((await failure(parse(file, { password: 'wrong' }))).code).toBe('wrong_password')
  })

  it('fails cleanly and quickly on a cyclic page tree', async () => {
    const started = Date.now()
    const error = await failure(
      parse('pdf/pdfjs__Pages-tree-refs.pdf', { signal: AbortSignal.timeout(scaledTimeout(10_000)) }),
    )
    expect(error.code).toBe('corrupt')
    expect(error.message).toMatch(/page 2 of 2/)
    expect(Date.now() - started).toBeLessThan(scaledTimeout(10_000))
  })

  it('completes or fails cleanly on a stream without a length', async () => {
    const outcome = await parse('pdf/pdfjs__issue1293r.pdf').then(
      (document) => fullText(document),
      (error: unknown) => error,
    )
    if (typeof outcome === 'string') expect(outcome).toContain('Issue 1293')
    else expect(outcome).toBeInstanceOf(ParseError)
  })

  it.each([
    ['pdf/ocrmypdf__invalid.pdf', /not a readable PDF/],
    ['adversarial/ocrmypdf__linn_png_renamed.pdf', /not a PDF/],
    ['adversarial/pdfplumber__empty.pdf', /empty/],
  ])('rejects %s as corrupt', async (file, message) => {
    const error = await failure(parse(file))
    expect(error.code).toBe('corrupt')
    expect(error.message).toMatch(message)
  })

  it('says a scanned page has no extractable text', async () => {
    const error = await failure(parse('pdf/ocrmypdf__c02-22.pdf'))
    expect(error.code).toBe('no_text')
    expect(error.message).toBe('This PDF has no extractable text (it looks scanned; OCR is not available)')
  })

  it('keeps Cyrillic words', async () => {
    const text = fullText(await parse('pdf/sanskrit__asiatica-2020-russian.pdf'))
    expect(text).toContain('Труды по философии и культурам Востока')
    expect(text.match(/[а-яё]{6,}/giu)?.length).toBeGreaterThan(500)
  })

  it('keeps Thai words whole (no word spaces to rely on)', async () => {
    const text = fullText(await parse('pdf/pdfjs__issue13211.pdf'))
    expect(text).toContain('เวกเตอร์ที่มีขนาดเท่ากับ')
    expect(text).toContain('จํานวนเชิงซ้อน')
  })

  it('keeps Arabic in logical order with embedded Latin words', async () => {
    const document = await parse('pdf/docling__right_to_left_01.pdf')
    const text = fullText(document)
    expect(text).toContain('البرمجة بلغة R و Python')
    expect(text).toContain('تعتبر البرمجة')
    expect(text.match(/\p{Script=Arabic}{3,}/gu)?.length).toBeGreaterThan(100)
  })
})

describe('createPdfParser limits', () => {
  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failure(parse('pdf/pdfjs__tracemonkey.pdf', { signal: controller.signal }))
    expect(error.code).toBe('timeout')
  })

  it('stops between pages when the signal aborts, after reporting progress', async () => {
    const controller = new AbortController()
    const progress: number[] = []
    const onProgress = (fraction: number) => {
      progress.push(fraction)
      if (progress.length === 2) controller.abort()
    }
    const error = await failure(
      parse('pdf/pdfjs__tracemonkey.pdf', { signal: controller.signal, onProgress }),
    )
    expect(error.code).toBe('timeout')
    expect(progress).toEqual([1 / 14, 2 / 14])
  })

  it('reports progress up to 1 and leaves the caller’s bytes intact', async () => {
    const bytes = read('pdf/pdfminer__dmca.pdf')
    const progress: number[] = []
    await parser.parse(bytes, { onProgress: (fraction) => progress.push(fraction) })
    expect(progress).toHaveLength(18)
    expect(progress.at(-1)).toBe(1)
    expect(bytes.byteLength).toBe(72756)
  })

  it('refuses files with more pages than allowed: too_large, naming the count and the limit', async () => {
    const small = createPdfParser(loadNodePdfJs, { maxPages: 10 })
    const error = await failure(small.parse(read('pdf/pdfjs__tracemonkey.pdf')))
    expect(error.code).toBe('too_large')
    expect(error.message).toBe(
      'This PDF has 14 pages; the limit is 10 pages per document. Split it into smaller files.',
    )
  })

  it('issue 39: a PDF of 5,001 pages is too_large at the default 5,000-page limit', async () => {
    const error = await failure(parser.parse(manyObjectsPdf(5_001)))
    expect(error.code).toBe('too_large')
    expect(error.message).toMatch(/^This PDF has 5,001 pages; the limit is 5,000 pages per document/)
  })

  it('fails with a timeout when pdf.js never answers', async () => {
    const stalled = createPdfParser(
      async () => ({
        getDocument: () => ({ promise: new Promise<never>(() => undefined), destroy: async () => undefined }),
      }),
      { stepTimeoutMs: 50 },
    )
    const error = await failure(stalled.parse(read('pdf/ocrmypdf__invalid.pdf')))
    expect(error.code).toBe('timeout')
  })
})

describe('createPdfParser with maxChars', () => {
  it('stops at the page whose text passes the limit, before reading the next one', async () => {
    const file = 'pdf/pdfjs__tracemonkey.pdf'
    const whole = await parse(file)
    const firstPage = whole.blocks
      .filter((block) => block.page === 1)
      .reduce((chars, block) => chars + block.text.length, 0)
    const progress: number[] = []
    const error = await failure(parse(file, { maxChars: firstPage, onProgress: (f) => progress.push(f) }))
    expect(error.code).toBe('too_large')
    // Page 1 fits exactly; page 2 passes the limit; pages 3 to 14 are never read.
    expect(progress).toEqual([1 / 14])
  })
})
