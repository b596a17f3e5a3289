import { definedTerms } from '../retrieve/definedTerms'
import type { DefinedTerm } from '../retrieve/understandQuestion'
import type { Clock } from '../time/Clock'
import type { Chunk } from './chunk/Chunk'
import { chunkDocument } from './chunk/chunkDocument'
import type { DocumentParser, FileKind } from './DocumentModel'
import type { Embedder } from './embed/Embedder'
import { markOcrChunks } from './ocr/markOcrChunks'
import type { OcrLanguage } from './ocr/ocrLanguages'
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './IngestLimits'
import { countWords } from './metadata/countWords'
import { detectLanguage } from './metadata/detectLanguage'
import { parseDocument } from './parse/parseDocument'

export type IngestStage = 'parsing' | 'chunking' | 'embedding'

export interface IngestPorts {
  parsers: readonly DocumentParser[]
  embedder: Embedder
  clock: Clock
}

export interface IngestOptions {
  password?: string
  signal?: AbortSignal
  /** Per-document parse time limit (ms). */
  timeoutMs?: number
  /** How far the document may expand (characters of text, chunks); default DEFAULT_INGEST_LIMITS. */
  limits?: IngestLimits
  /** Called as work advances; `percent` grows from 0 to 100 across all stages. */
  onProgress?: (stage: IngestStage, percent: number) => void
  /** The languages OCR reads scans and images in; absent: DEFAULT_OCR_LANGUAGES. */
  ocrLanguages?: readonly OcrLanguage[]
}

/** `metadata` of a processed document (DESIGN.md section 2). */
export interface IngestMetadata {
  pages?: number
  processing_time_seconds: number
  word_count: number
  title?: string
  language?: string
  embedder: string
  /** Pages read by OCR (scanned PDF pages, images), 1-based; absent when none was. */
  ocr_pages?: number[]
  /** The mean OCR confidence of those pages, 0..100. */
  ocr_confidence?: number
  /**
   * Terms the document defines ("Chief Executive Officer (CEO)", 'Johnson & Johnson (the "Company")'),
   * for search and answers in its collection (`retrieve/definedTerms`); absent when it defines none.
   */
  defined_terms?: DefinedTerm[]
}

export interface IngestResult {
  kind: FileKind
  /** The document's text in reading order, blocks separated by blank lines. */
  text: string
  chunks: Chunk[]
  /** One vector per chunk, in order, from `ports.embedder`. */
  vectors: Float32Array[]
  metadata: IngestMetadata
}

const EMBED_BATCH = 32

/**
 * The ingestion pipeline for one file: parse -> chunk -> embed, with progress. Pure over its ports,
 * so both hosts run exactly this; they store the result. Failures are ParseErrors (shown to the
 * user) or the signal's abort reason; a document past `limits` fails with ParseError('too_large')
 * where it passes them (while parsing, or while chunking), before anything is embedded.
 */
export async function ingestFile(
  bytes: Uint8Array,
  filename: string,
  ports: IngestPorts,
  options: IngestOptions = {},
): Promise<IngestResult> {
  const started = ports.clock.now()
  const progress = options.onProgress ?? (() => undefined)
  const limits = options.limits ?? DEFAULT_INGEST_LIMITS
  progress('parsing', 0)
  const parsed = await parseDocument(bytes, filename, {
    parsers: ports.parsers,
    password: options.password,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
    maxChars: limits.maxChars,
    ocrLanguages: options.ocrLanguages,
    // Parsing is most of the work for paged formats: it fills the first 40 percent.
    onProgress: (fraction) => progress('parsing', Math.min(40, Math.floor(fraction * 40))),
  })
  progress('chunking', 40)
  const chunks = chunkDocument(parsed, { maxChunks: limits.maxChunks })
  markOcrChunks(chunks, parsed.ocr)
  const fullText = parsed.blocks.map((block) => block.text).join('\n\n')

  const vectors: Float32Array[] = []
  for (let start = 0; start < chunks.length; start += EMBED_BATCH) {
    options.signal?.throwIfAborted()
    progress('embedding', 50 + Math.floor((50 * start) / Math.max(chunks.length, 1)))
    // The heading travels with every chunk's vector: later chunks of a section lack it in their text.
    const texts = chunks
      .slice(start, start + EMBED_BATCH)
      .map((chunk) =>
        chunk.heading && !chunk.text.startsWith(lastHeading(chunk.heading))
          ? `${chunk.heading}\n${chunk.text}`
          : chunk.text,
      )
    vectors.push(...(await ports.embedder.embed(texts, options.signal)))
  }
  progress('embedding', 100)

  const metadata: IngestMetadata = {
    // Whole seconds, as the spec types it.
    processing_time_seconds: Math.round((ports.clock.now() - started) / 1000),
    word_count: countWords(fullText),
    embedder: ports.embedder.id,
  }
  if (parsed.pages !== undefined) metadata.pages = parsed.pages
  if (parsed.title) metadata.title = parsed.title
  if (parsed.ocr && parsed.ocr.length > 0) {
    metadata.ocr_pages = parsed.ocr.map((report) => report.page)
    const mean = parsed.ocr.reduce((sum, report) => sum + report.confidence, 0) / parsed.ocr.length
    metadata.ocr_confidence = Math.round(mean)
  }
  const language = detectLanguage(fullText)
  if (language) metadata.language = language
  const defined = definedTerms(fullText)
  if (defined.length > 0) metadata.defined_terms = defined
  return { kind: parsed.kind, text: fullText, chunks, vectors, metadata }
}

function lastHeading(path: string): string {
  return path.split(' > ').pop() ?? path
}
