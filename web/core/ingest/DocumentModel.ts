import type { OcrPageReport } from './ocr/OcrEngine'
import type { OcrLanguage } from './ocr/ocrLanguages'

/**
 * The normalised document model: what every parser produces and the chunker consumes. A document is
 * a flat list of blocks in reading order; structure lives in each block's `headingPath` and `page`.
 */
export type BlockKind = 'heading' | 'paragraph' | 'list' | 'table' | 'code' | 'slide' | 'note'

export interface Block {
  kind: BlockKind
  /**
   * Plain text of the block. Lists: one item per line. Tables: one row per line, cells joined by
   * ' | '. Slides: the slide's title (its body follows as other blocks with the same `page`).
   */
  text: string
  /** 1-based PDF page or slide number; absent for formats without pages. */
  page?: number
  /** Titles of the enclosing headings, outermost first (a heading block's own path excludes itself). */
  headingPath: string[]
  /** Heading level 1-6, for `heading` blocks. */
  level?: number
  /** Table cells, for `table` blocks (rows of cells, header row first). */
  rows?: string[][]
  /** A definition list's term (an HTML `<dt>`), a paragraph naming what the block after it says. */
  term?: true
}

export interface ParsedDocument {
  blocks: Block[]
  /** PDF pages or slides, where the format has them. */
  pages?: number
  /** From the document's metadata or its first heading, where there is one. */
  title?: string
  /** The pages read by OCR (scans, images) with the engine's confidence; absent when none was. */
  ocr?: OcrPageReport[]
}

export type FileKind =
  | 'pdf'
  | 'docx'
  | 'doc'
  | 'pptx'
  | 'ppt'
  | 'markdown'
  | 'html'
  | 'text'
  /** Images, read by OCR (ocr/createImageParser). */
  | 'png'
  | 'jpeg'
  | 'webp'
  | 'tiff'

export interface ParseOptions {
  /** Opens encrypted PDFs. */
  password?: string
  /** Aborts a parse (the per-document time limit); parsers check it between pages/parts. */
  signal?: AbortSignal
  /** Reports the parsed fraction (0..1) where a parser can tell, e.g. after each PDF page. */
  onProgress?: (fraction: number) => void
  /**
   * Most characters of text to extract (IngestLimits.maxChars). Parsers count blocks as they make
   * them (CharacterBudget) and stop with ParseError('too_large') once past it; absent: no limit.
   */
  maxChars?: number
  /** The languages OCR reads pages in (parsers that OCR hand them to their engine loader); absent: English. */
  ocrLanguages?: readonly OcrLanguage[]
  /**
   * Where some pages need OCR (a PDF's scanned pages), the parser reads every page's text layer first
   * and calls this with the document so far, the pages still waiting for OCR left out (`done` 0), then
   * again after each of those pages is read (`done` of `total`). The document it finally resolves to
   * is the whole; calls made before it are for searching early (ingestFile's `onPartial`). Not called
   * by parsers or files with no page waiting for OCR.
   */
  onPartial?: (partial: ParsedDocument, ocr: OcrPagesRead) => void
}

/** How many of a document's pages that wait for OCR are read. */
export interface OcrPagesRead {
  done: number
  total: number
  /**
   * Set by `ingestFile` on a partial document after the first it hands over: the pages it adds. That
   * partial's chunks are then those pages' only, to be added after the chunks handed over before
   * (their `index` follows on); the host stores and indexes them alone.
   */
  adds?: number[]
}

/** A parser for one or more file kinds; environment-free, bytes in, model out. */
export interface DocumentParser {
  kinds: readonly FileKind[]
  parse(bytes: Uint8Array, options: ParseOptions): Promise<ParsedDocument>
}
