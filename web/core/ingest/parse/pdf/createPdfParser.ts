import { CharacterBudget } from '../../CharacterBudget'
import type { DocumentParser, ParsedDocument, ParseOptions } from '../../DocumentModel'
import { ParseError } from '../../ParseError'
import type { RawParagraph } from './buildParagraphs'
import { pageParagraphs } from './pageParagraphs'
import type { PdfJsDocument, PdfJsLike } from './PdfJs'
import { pickTitle } from './pickTitle'
import { type PageParagraphs, toBlocks } from './toBlocks'
import { toOpenError, toPageError } from './toOpenError'
import { throwIfAborted, withLimits } from './withLimits'

/**
 * How every PDF is opened (text only): no eval, no fonts, keep going past errors, quiet. pdf.js
 * transfers `data` to its worker, so callers pass a copy.
 */
export const PDF_OPEN_OPTIONS = {
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  stopAtErrors: false,
  verbosity: 0,
} as const

/** `onProgress` is called after each page with the share of pages read so far. */
export type PdfParseOptions = ParseOptions

export interface PdfParserLimits {
  /** Files claiming more pages are refused up front (a forged /Count can claim billions). Default 5000. */
  maxPages?: number
  /** Longest wait for opening the file, or for one page, before the parse fails. Default 30 s. */
  stepTimeoutMs?: number
}

export interface PdfParser extends DocumentParser {
  parse(bytes: Uint8Array, options?: PdfParseOptions): Promise<ParsedDocument>
}

/**
 * The PDF parser: text per page in reading order (columns, right-to-left lines, hyphenation mended), split
 * into paragraphs and, where the type size says so, headings. pdf.js comes from the host through
 * `loadPdfJs` (web/core stays environment-free) and is loaded on first use.
 *
 * How it fails, always as a `ParseError` (only a failure to load pdf.js itself, a host fault, passes through
 * as it is): encrypted without or with a wrong password (`password_required`,
 * `wrong_password`); not a PDF, truncated, or a page pdf.js cannot read, such as a cyclic page tree
 * (`corrupt`); too many pages (`not_supported`); more text than `maxChars`, found at the page that
 * passes it, before any later page is read (`too_large`); no text at all, as in scans (`no_text`);
 * the caller's signal aborts or one step stalls (`timeout`). The document is destroyed in every case.
 */
export function createPdfParser(
  loadPdfJs: () => Promise<PdfJsLike>,
  limits: PdfParserLimits = {},
): PdfParser {
  const maxPages = limits.maxPages ?? 5000
  const timeoutMs = limits.stepTimeoutMs ?? 30_000
  return {
    kinds: ['pdf'],
    async parse(bytes, options = {}) {
      const { signal, onProgress } = options
      const budget = new CharacterBudget(options.maxChars)
      const password = options.password || undefined
      throwIfAborted(signal)
      if (bytes.length === 0) {
        throw new ParseError('corrupt', 'This file is empty, so it is not a readable PDF.')
      }
      const pdfjs = await withLimits(loadPdfJs(), {
        signal,
        timeoutMs,
        onTimeout: () => new ParseError('timeout', 'The PDF reader did not load in time.'),
      })
      throwIfAborted(signal)
      // pdf.js transfers the buffer to its worker, which detaches it: give it a copy, not the caller's bytes.
      const task = pdfjs.getDocument({ ...PDF_OPEN_OPTIONS, data: bytes.slice(), password })
      const stop = () => void task.destroy().catch(() => undefined)
      signal?.addEventListener('abort', stop, { once: true })
      try {
        const pdf = await withLimits(task.promise, {
          signal,
          timeoutMs,
          onTimeout: () =>
            new ParseError('timeout', 'This PDF could not be opened in time; the file may be damaged.'),
        }).catch((error: unknown) => {
          throw toOpenError(error, bytes, password, pdfjs)
        })
        const pages = pdf.numPages
        if (!Number.isInteger(pages) || pages < 1) throw new ParseError('corrupt', 'This PDF has no pages.')
        if (pages > maxPages) {
          throw new ParseError(
            'not_supported',
            `This PDF has ${pages} pages; at most ${maxPages} can be read.`,
          )
        }
        const read: PageParagraphs[] = []
        for (let page = 1; page <= pages; page++) {
          throwIfAborted(signal)
          const paragraphs = await withLimits(readPage(pdf, page), {
            signal,
            timeoutMs,
            onTimeout: () =>
              new ParseError(
                'timeout',
                `Page ${page} of this PDF took too long to read; the file may be damaged.`,
              ),
          }).catch((error: unknown) => {
            throw toPageError(error, page, pages)
          })
          for (const paragraph of paragraphs) budget.spend(paragraph.text)
          read.push({ page, paragraphs })
          onProgress?.(page / pages)
        }
        const blocks = toBlocks(read)
        if (!blocks.some((block) => /[\p{L}\p{N}]/u.test(block.text))) {
          throw new ParseError(
            'no_text',
            'This PDF has no extractable text (it looks scanned; OCR is not available)',
          )
        }
        const metadata = await withLimits(pdf.getMetadata(), {
          signal,
          timeoutMs,
          onTimeout: () => new ParseError('timeout', 'The metadata of this PDF could not be read in time.'),
        }).catch((error: unknown) => {
          // Metadata is optional: a broken Info dictionary costs the title, not the document.
          if (error instanceof ParseError && signal?.aborted) throw error
          return undefined
        })
        const title = pickTitle(metadata?.info, metadata?.metadata?.get('dc:title'), blocks)
        return title === undefined ? { blocks, pages } : { blocks, pages, title }
      } finally {
        signal?.removeEventListener('abort', stop)
        await task.destroy().catch(() => undefined)
      }
    },
  }
}

async function readPage(pdf: PdfJsDocument, pageNumber: number): Promise<RawParagraph[]> {
  const page = await pdf.getPage(pageNumber)
  try {
    const content = await page.getTextContent({ includeMarkedContent: false })
    return pageParagraphs(content, page.getViewport({ scale: 1 }).transform)
  } finally {
    page.cleanup()
  }
}
