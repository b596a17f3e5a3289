import { MAX_IMAGE_PIXELS } from '../../ocr/imagePixelLimit'
import { CharacterBudget } from '../../CharacterBudget'
import type { DocumentParser, ParsedDocument, ParseOptions } from '../../DocumentModel'
import { ParseError } from '../../ParseError'
import type { OcrEngine, OcrPageReport } from '../../ocr/OcrEngine'
import { isGarbledText } from '../../ocr/isGarbledText'
import type { OcrLanguage } from '../../ocr/ocrLanguages'
import { ocrParagraphs } from '../../ocr/ocrParagraphs'
import { pdfPageImage } from '../../ocr/pdfPageImage'
import { renderPdfPage, tooLargeToDraw } from '../../ocr/renderPdfPage'
import type { RawParagraph } from './buildParagraphs'
import { pageParagraphs } from './pageParagraphs'
import type { PdfJsDocument, PdfJsDrawing, PdfJsLike, PdfJsPage } from './PdfJs'
import { pickTitle } from './pickTitle'
import { type PageParagraphs, toBlocks } from './toBlocks'
import { toOpenError, toPageError } from './toOpenError'
import { throwIfAborted, withLimits } from './withLimits'
import { groupedDigits } from '../../groupedDigits'

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
  // Images as pixels, not ImageBitmaps: the same decoded pixels on both hosts whether a page is drawn
  // for OCR (ocr/renderPdfPage) or its image picked out where no canvas is available (ocr/pdfPageImage).
  isOffscreenCanvasSupported: false,
  // An image past this many pixels is not decoded (pdf.js skips it): a small PDF can declare a
  // 20000 x 20000 image, gigabytes once decoded for OCR. The same bound as an uploaded image's.
  maxImageSize: MAX_IMAGE_PIXELS,
  // JPEGs decoded by pdf.js itself on both hosts, not by the browser's ImageDecoder (which pdf.js uses
  // in a Chromium worker): Chromium's decoder differs by a few levels per pixel, and on the corpus's
  // scanned book page that was enough to tip Tesseract's layout analysis into reading the text column
  // and the engraving as one (87 words instead of the server's 142). Now both hosts OCR the same pixels.
  isImageDecoderSupported: false,
} as const

/** `onProgress` is called after each page with the share of pages read so far. */
export type PdfParseOptions = ParseOptions

export interface PdfParserLimits {
  /** Files claiming more pages are refused up front (a forged /Count can claim billions). Default 5000. */
  maxPages?: number
  /** Longest wait for opening the file, or for one page, before the parse fails. Default 30 s. */
  stepTimeoutMs?: number
  /**
   * The host's OCR engine, loaded on the first page that needs it: a page with no text layer, or one
   * whose text is garbage (isGarbledText), is read again from its scanned image. Absent: no OCR.
   */
  loadOcr?: (languages?: readonly OcrLanguage[]) => Promise<OcrEngine>
  /** Longest wait for OCR of one page; a page past it keeps what its text layer had. Default 120 s. */
  ocrTimeoutMs?: number
  /**
   * How this host lets pdf.js draw a page for OCR, asked once, when the first PDF is opened with OCR:
   * resolves to the canvas and filter factory classes to open PDFs with (none where pdf.js's own
   * defaults for the host work, as in Node), or rejects saying why this host cannot draw (no canvas
   * here). Absent or rejected, OCR reads each page's largest image instead (ocr/pdfPageImage), and the
   * reason is logged once.
   */
  loadCanvas?: () => Promise<PdfJsDrawing>
}

/** How OCR sees a page: drawn by pdf.js (with these factories, or the host's defaults), or not. */
type Drawing = PdfJsDrawing | 'unavailable'

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
 * (`corrupt`); too many pages, or no text but on a page too large to draw for OCR (`too_large`); more text than `maxChars`, found at the page that
 * passes it, before any later page is read (`too_large`); no text at all, as in scans (`no_text`);
 * the caller's signal aborts or one step stalls (`timeout`). The document is destroyed in every case.
 */
export function createPdfParser(
  loadPdfJs: () => Promise<PdfJsLike>,
  limits: PdfParserLimits = {},
): PdfParser {
  const maxPages = limits.maxPages ?? 5000
  const timeoutMs = limits.stepTimeoutMs ?? 30_000
  const ocrTimeoutMs = limits.ocrTimeoutMs ?? 120_000
  let drawing: Promise<Drawing> | undefined
  const loadDrawing = (): Promise<Drawing> =>
    (drawing ??= (limits.loadCanvas?.() ?? Promise.reject(new Error('the host gave no canvas'))).then(
      (factories): Drawing => factories,
      (error: unknown): Drawing => {
        console.warn(
          `PDF pages are not drawn for OCR (each page's largest image is read instead): ${error instanceof Error ? error.message : String(error)}`,
        )
        return 'unavailable'
      },
    ))
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
      const draw = limits.loadOcr ? await loadDrawing() : 'unavailable'
      throwIfAborted(signal)
      // pdf.js transfers the buffer to its worker, which detaches it: give it a copy, not the caller's bytes.
      const task = pdfjs.getDocument({
        ...PDF_OPEN_OPTIONS,
        ...(draw !== 'unavailable' && draw.CanvasFactory ? { CanvasFactory: draw.CanvasFactory } : {}),
        ...(draw !== 'unavailable' && draw.FilterFactory ? { FilterFactory: draw.FilterFactory } : {}),
        data: bytes.slice(),
        password,
      })
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
            'too_large',
            `This PDF has ${groupedDigits(pages)} pages; the limit is ${groupedDigits(maxPages)} pages per document. ` +
              'Split it into smaller files.',
          )
        }
        const read: PageParagraphs[] = []
        /** Indexes into `read` of the pages whose text layer is empty or garbage, read by OCR after the rest. */
        const waiting: number[] = []
        const ocrReports: OcrPageReport[] = []
        let firstOcrFailure: string | undefined
        let tooLargeForOcr: string | undefined
        const { loadOcr } = limits
        const ocr: PageOcr | undefined = loadOcr && {
          load: () => loadOcr(options.ocrLanguages),
          pdfjs,
          draw: draw !== 'unavailable',
          signal,
          timeoutMs: ocrTimeoutMs,
        }
        // Every page's text layer first: a 600-page book with 15 scanned pages is searchable from its
        // text layer in seconds (ParseOptions.onPartial), and its scans are read after, page by page.
        for (let page = 1; page <= pages; page++) {
          throwIfAborted(signal)
          const layer = await withLimits(readTextLayer(pdf, page, ocr), {
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
          if (layer.needsOcr) waiting.push(read.length)
          else for (const paragraph of layer.paragraphs) budget.spend(paragraph.text)
          read.push({ page, paragraphs: layer.paragraphs })
          if (layer.tooLarge) {
            tooLargeForOcr ??= layer.tooLarge
            firstOcrFailure ??= `page ${page}: ${layer.tooLarge}`
          }
          onProgress?.(page / pages)
        }
        const partial = (done: number) => {
          const pending = new Set(waiting.slice(done))
          return toBlocks(read.filter((_, index) => !pending.has(index)))
        }
        if (ocr && waiting.length > 0) {
          options.onPartial?.({ blocks: partial(0), pages }, { done: 0, total: waiting.length })
        }
        for (const [done, index] of waiting.entries()) {
          throwIfAborted(signal)
          const entry = read[index]!
          const {
            paragraphs,
            ocr: report,
            ocrFailure,
          } = await withLimits(readByOcr(pdf, entry, ocr!), {
            signal,
            timeoutMs: timeoutMs + ocrTimeoutMs,
            onTimeout: () =>
              new ParseError(
                'timeout',
                `Page ${entry.page} of this PDF took too long to read; the file may be damaged.`,
              ),
          }).catch((error: unknown) => {
            throw toPageError(error, entry.page, pages)
          })
          for (const paragraph of paragraphs) budget.spend(paragraph.text)
          entry.paragraphs = paragraphs
          if (report) ocrReports.push(report)
          if (ocrFailure) firstOcrFailure ??= `page ${entry.page}: ${ocrFailure}`
          const reports = ocrReports.length > 0 ? { ocr: [...ocrReports] } : {}
          options.onPartial?.(
            { blocks: partial(done + 1), pages, ...reports },
            { done: done + 1, total: waiting.length },
          )
        }
        const blocks = toBlocks(read)
        if (!blocks.some((block) => /[\p{L}\p{N}]/u.test(block.text))) {
          // A page too large to draw is the reason there is no text, not that OCR found none.
          if (tooLargeForOcr) {
            throw new ParseError(
              'too_large',
              `This PDF has no extractable text, and ${tooLargeForOcr}. Scale the page down and upload it again.`,
            )
          }
          throw new ParseError(
            'no_text',
            ocr
              ? `This PDF has no extractable text, and OCR found no text in its pages (${firstOcrFailure ?? 'no page was read'})`
              : 'This PDF has no extractable text (it looks scanned; OCR is not available)',
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
        const parsed: ParsedDocument = { blocks, pages }
        if (title !== undefined) parsed.title = title
        if (ocrReports.length > 0) parsed.ocr = ocrReports
        return parsed
      } finally {
        signal?.removeEventListener('abort', stop)
        await task.destroy().catch(() => undefined)
      }
    },
  }
}

interface PageOcr {
  load: () => Promise<OcrEngine>
  pdfjs: PdfJsLike
  /** Whether pages are drawn (renderPdfPage) or their largest image read (pdfPageImage). */
  draw: boolean
  signal?: AbortSignal
  timeoutMs: number
}

interface TextLayer {
  paragraphs: RawParagraph[]
  /** The text layer is empty or garbage and OCR may read the page (readByOcr). */
  needsOcr: boolean
  /** Set when the page was not drawn for OCR because of its size (tooLargeToDraw's reason). */
  tooLarge?: string
}

interface ReadByOcr {
  paragraphs: RawParagraph[]
  ocr?: OcrPageReport
  /** Why OCR of this page gave nothing, for the document's error when no page has text. */
  ocrFailure?: string
}

/** One page's paragraphs from its text layer, and whether OCR should read it instead. */
async function readTextLayer(
  pdf: PdfJsDocument,
  pageNumber: number,
  ocr: PageOcr | undefined,
): Promise<TextLayer> {
  const page = await pdf.getPage(pageNumber)
  try {
    const content = await page.getTextContent({ includeMarkedContent: false })
    const paragraphs = pageParagraphs(content, page.getViewport({ scale: 1 }).transform)
    const text = paragraphs.map((paragraph) => paragraph.text).join('\n')
    const needsOcr = !/[\p{L}\p{N}]/u.test(text) || isGarbledText(text)
    if (!ocr || !needsOcr) return { paragraphs, needsOcr: false }
    // Drawn within the pixel cap, a page of metres would be too coarse to read: not drawn at all.
    const tooLarge = ocr.draw ? tooLargeToDraw(page, `page ${pageNumber}`) : undefined
    if (tooLarge) return { paragraphs, needsOcr: false, tooLarge }
    return { paragraphs, needsOcr: true }
  } finally {
    page.cleanup()
  }
}

/**
 * A page whose text layer is empty or garbage, read from its image. OCR failing (no image, the engine
 * erring or stalling) fails only this page's OCR: the page keeps its text layer, empty or not.
 */
async function readByOcr(pdf: PdfJsDocument, layer: PageParagraphs, ocr: PageOcr): Promise<ReadByOcr> {
  const { page: pageNumber, paragraphs } = layer
  const page = await pdf.getPage(pageNumber)
  try {
    const read = await withLimits(ocrPage(pdf, page, ocr), {
      signal: ocr.signal,
      timeoutMs: ocr.timeoutMs,
      onTimeout: () => new ParseError('timeout', `OCR of page ${pageNumber} took too long`),
    }).catch((error: unknown) => {
      throwIfAborted(ocr.signal)
      if (error instanceof ParseError && error.code === 'too_large') throw error
      return error instanceof Error ? error.message : String(error)
    })
    if (typeof read === 'string') return { paragraphs, ocrFailure: read }
    if (!read) return { paragraphs, ocrFailure: ocr.draw ? 'the page is blank' : 'no image on the page' }
    if (read.paragraphs.length === 0) return { paragraphs, ocrFailure: 'no text found in the image' }
    return { paragraphs: read.paragraphs, ocr: { page: pageNumber, confidence: Math.round(read.confidence) } }
  } finally {
    page.cleanup()
  }
}

async function ocrPage(
  pdf: PdfJsDocument,
  page: PdfJsPage,
  ocr: PageOcr,
): Promise<{ paragraphs: RawParagraph[]; confidence: number } | undefined> {
  const image = ocr.draw ? await renderPdfPage(pdf, page, ocr.signal) : await pdfPageImage(ocr.pdfjs, page)
  if (!image) return undefined
  const engine = await ocr.load()
  const result = await engine.recognize(image, { signal: ocr.signal })
  return { paragraphs: ocrParagraphs(result.text), confidence: result.confidence }
}
