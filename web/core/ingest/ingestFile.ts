import { definedTerms } from '../retrieve/definedTerms'
import type { DefinedTerm } from '../retrieve/understandQuestion'
import type { Clock } from '../kernel/time/Clock'
import type { Chunk } from './chunk/Chunk'
import { chunkDocument } from './chunk/chunkDocument'
import type { Block, DocumentParser, FileKind, OcrPagesRead } from './DocumentModel'
import type { Embedder } from './embed/Embedder'
import { markOcrChunks } from './ocr/markOcrChunks'
import type { OcrLanguage } from './ocr/ocrLanguages'
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './IngestLimits'
import { countWords } from './metadata/countWords'
import { detectLanguage } from './metadata/detectLanguage'
import { ParseError } from './ParseError'
import { parseDocument, type ParsedFile } from './parse/parseDocument'

/** `ocr`: pages that need OCR, read after the rest of the document is searchable (`onPartial`). */
export type IngestStage = 'parsing' | 'chunking' | 'embedding' | 'ocr'

export interface IngestPorts {
  parsers: readonly DocumentParser[]
  embedder: Embedder
  clock: Clock
}

export interface IngestOptions {
  password?: string
  signal?: AbortSignal
  /** How long parsing may go without reading a page (ms) before it is stopped (parseDocument). */
  timeoutMs?: number
  /** How far the document may expand (characters of text, chunks); default DEFAULT_INGEST_LIMITS. */
  limits?: IngestLimits
  /**
   * Called as work advances; `percent` grows from 0 to 100 across parsing, chunking and embedding.
   * The `ocr` stage (pages read by OCR once the rest is searchable) has a percent of its own, the
   * share of those pages read, with the pages themselves in `ocr`.
   */
  onProgress?: (stage: IngestStage, percent: number, ocr?: OcrPagesRead) => void
  /** The languages OCR reads scans and images in; absent: DEFAULT_OCR_LANGUAGES. */
  ocrLanguages?: readonly OcrLanguage[]
  /**
   * Where some pages need OCR: called with the document without them, chunked and embedded, as soon
   * as every page's text layer is read, then with the pages read since, as those pages are read, so
   * that the host can store and search it early. The first call's result is the document so far; each
   * later call's (`ocr.adds` set to its pages) holds only the added pages' chunks, their `index`
   * following on from the chunks handed over before, while its `metadata` describes the whole so far:
   * adding a page chunks, embeds and hands over that page alone, however long the document. One call
   * at a time: a call made while the last one's promise is pending waits, and then adds every page
   * read meanwhile. Never called with no chunks. The resolved result is still the whole document,
   * chunked again in reading order; should OCR fail or stall after a call, it is the document read
   * until then with `metadata.ocr_error` saying why.
   */
  onPartial?: (partial: IngestResult, ocr: OcrPagesRead) => Promise<void>
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
   * Why the pages waiting for OCR were not all read, when reading them failed or stalled after the
   * rest of the document was searchable: the document keeps what was read.
   */
  ocr_error?: string
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
 *
 * A PDF with scanned pages is read in two steps (`onPartial`): its text layer, searchable at once,
 * then its scans page by page, each chunked and embedded alone and handed over as an addition. The
 * result chunks the whole document once more, in reading order; passages already embedded keep their
 * vectors (by their text), so that costs only what changed.
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
  const vectorsByText = new Map<string, Float32Array>()
  const build = (parsed: ParsedFile) => buildResult(parsed, started, ports, options, vectorsByText)

  // The partial documents the parser hands over, published one at a time (see `onPartial`): the first
  // whole, then only the pages each adds.
  let latest: { parsed: ParsedFile; ocr: OcrPagesRead } | undefined
  let published: Published | undefined
  let publishing: Promise<void> | undefined
  let publishFailure: { error: unknown } | undefined
  const publish = async (onPartial: NonNullable<IngestOptions['onPartial']>) => {
    while (latest && latest !== published?.from) {
      const from: typeof latest = latest
      if (!published?.whole) {
        const result = await build(from.parsed)
        if (result.chunks.length > 0) await onPartial(result, from.ocr)
        published = {
          from,
          whole: result.chunks.length > 0,
          chunks: result.chunks.length,
          metadata: result.metadata,
          pages: new Set(from.parsed.blocks.map((block) => block.page)),
        }
        continue
      }
      const { added, pages } = addedBlocks(from.parsed, published.pages)
      const addition = await buildAddition(
        from.parsed,
        added,
        published,
        started,
        ports,
        options,
        vectorsByText,
      )
      if (addition.chunks.length > 0) await onPartial(addition, { ...from.ocr, adds: pages })
      published = {
        from,
        whole: true,
        chunks: published.chunks + addition.chunks.length,
        metadata: addition.metadata,
        pages: published.pages,
      }
      for (const page of pages) published.pages.add(page)
    }
  }

  progress('parsing', 0)
  let parsed: ParsedFile
  try {
    parsed = await parseDocument(bytes, filename, {
      parsers: ports.parsers,
      password: options.password,
      signal: options.signal,
      timeoutMs: options.timeoutMs,
      maxChars: limits.maxChars,
      ocrLanguages: options.ocrLanguages,
      // Parsing is most of the work for paged formats: it fills the first 40 percent.
      onProgress: (fraction) => progress('parsing', Math.min(40, Math.floor(fraction * 40))),
      onPartial: (partial, ocr) => {
        progress('ocr', Math.floor((100 * ocr.done) / Math.max(ocr.total, 1)), ocr)
        const { onPartial } = options
        if (!onPartial || publishFailure) return
        latest = { parsed: partial, ocr }
        publishing ??= publish(onPartial)
          .catch((error: unknown) => void (publishFailure = { error }))
          .finally(() => (publishing = undefined))
      },
    })
  } catch (error) {
    await publishing
    if (publishFailure) throw publishFailure.error
    // Reading the scans failed or stalled once the rest was searchable: the document is what was read.
    if (published?.whole && error instanceof ParseError && !options.signal?.aborted) {
      const kept = await build(published.from.parsed)
      return { ...kept, metadata: { ...kept.metadata, ocr_error: error.message } }
    }
    throw error
  }
  await publishing
  if (publishFailure) throw publishFailure.error
  return build(parsed)
}

/** What `onPartial` was last handed: the partial it came from, and the document so far. */
interface Published {
  from: { parsed: ParsedFile; ocr: OcrPagesRead }
  /** Whether a partial with chunks was handed over (the later ones then add pages to it). */
  whole: boolean
  /** Chunks handed over so far, all calls together. */
  chunks: number
  metadata: IngestMetadata
  /** The pages with blocks in what was handed over. */
  pages: Set<number | undefined>
}

/** The blocks of the pages `parsed` has and `seen` has not, in reading order, and those pages. */
function addedBlocks(parsed: ParsedFile, seen: ReadonlySet<number | undefined>) {
  const added = parsed.blocks.filter((block) => !seen.has(block.page))
  const pages = [...new Set(added.map((block) => block.page))].filter(
    (page): page is number => page !== undefined,
  )
  return { added, pages }
}

/**
 * The chunks of pages added to a partial document already handed over, alone: chunked, embedded and
 * described without the rest, so a page costs the same on page 5 as on page 500. Their `index`
 * follows the chunks handed over before; `metadata` is the whole so far (its words counted on, its
 * OCR pages those read). The document's own title, language and defined terms stay as they were
 * found in the first; the final result reads the whole again.
 */
async function buildAddition(
  parsed: ParsedFile,
  blocks: Block[],
  published: Published,
  started: number,
  ports: IngestPorts,
  options: IngestOptions,
  vectorsByText: Map<string, Float32Array>,
): Promise<IngestResult> {
  const limits = options.limits ?? DEFAULT_INGEST_LIMITS
  const chunks = chunkDocument(
    { blocks, pages: parsed.pages },
    { maxChunks: Math.max(0, limits.maxChunks - published.chunks) },
  )
  for (const chunk of chunks) chunk.index += published.chunks
  markOcrChunks(chunks, parsed.ocr)
  const text = blocks.map((block) => block.text).join('\n\n')
  const vectors = await embedChunks(chunks, ports, options, vectorsByText)
  const metadata: IngestMetadata = {
    ...published.metadata,
    processing_time_seconds: Math.round((ports.clock.now() - started) / 1000),
    word_count: published.metadata.word_count + countWords(text),
    ...ocrMetadata(parsed),
  }
  return { kind: parsed.kind, text, chunks, vectors, metadata }
}

/** Chunks, embeds and describes a parsed document (whole, or the part read so far). */
async function buildResult(
  parsed: ParsedFile,
  started: number,
  ports: IngestPorts,
  options: IngestOptions,
  vectorsByText: Map<string, Float32Array>,
): Promise<IngestResult> {
  const progress = options.onProgress ?? (() => undefined)
  const limits = options.limits ?? DEFAULT_INGEST_LIMITS
  progress('chunking', 40)
  const chunks = chunkDocument(parsed, { maxChunks: limits.maxChunks })
  markOcrChunks(chunks, parsed.ocr)
  const fullText = parsed.blocks.map((block) => block.text).join('\n\n')
  const vectors = await embedChunks(chunks, ports, options, vectorsByText)

  const metadata: IngestMetadata = {
    // Whole seconds, as the spec types it.
    processing_time_seconds: Math.round((ports.clock.now() - started) / 1000),
    word_count: countWords(fullText),
    embedder: ports.embedder.id,
  }
  if (parsed.pages !== undefined) metadata.pages = parsed.pages
  if (parsed.title) metadata.title = parsed.title
  Object.assign(metadata, ocrMetadata(parsed))
  const language = detectLanguage(fullText)
  if (language) metadata.language = language
  const defined = definedTerms(fullText)
  if (defined.length > 0) metadata.defined_terms = defined
  return { kind: parsed.kind, text: fullText, chunks, vectors, metadata }
}

/**
 * One vector per chunk, in order: texts not embedded before in this document (`vectorsByText`) are
 * embedded now, in batches; the rest reuse theirs.
 */
async function embedChunks(
  chunks: readonly Chunk[],
  ports: IngestPorts,
  options: IngestOptions,
  vectorsByText: Map<string, Float32Array>,
): Promise<Float32Array[]> {
  const progress = options.onProgress ?? (() => undefined)
  // The heading travels with every chunk's vector: later chunks of a section lack it in their text.
  const texts = chunks.map((chunk) =>
    chunk.heading && !chunk.text.startsWith(lastHeading(chunk.heading))
      ? `${chunk.heading}\n${chunk.text}`
      : chunk.text,
  )
  const missing = [...new Set(texts.filter((text) => !vectorsByText.has(text)))]
  for (let start = 0; start < missing.length; start += EMBED_BATCH) {
    options.signal?.throwIfAborted()
    progress('embedding', 50 + Math.floor((50 * start) / Math.max(missing.length, 1)))
    const batch = missing.slice(start, start + EMBED_BATCH)
    const embedded = await ports.embedder.embed(batch, options.signal)
    for (const [i, text] of batch.entries()) vectorsByText.set(text, embedded[i]!)
  }
  progress('embedding', 100)
  // Passages with the same text share a vector; each gets its own object, as a result's vectors may be
  // transferred (detached) to another thread one by one.
  const taken = new Set<Float32Array>()
  return texts.map((text) => {
    const vector = vectorsByText.get(text)!
    if (taken.has(vector)) return vector.slice()
    taken.add(vector)
    return vector
  })
}

/** The pages read by OCR and their mean confidence, where there are any. */
function ocrMetadata(parsed: ParsedFile): Pick<IngestMetadata, 'ocr_pages' | 'ocr_confidence'> {
  if (!parsed.ocr || parsed.ocr.length === 0) return {}
  const mean = parsed.ocr.reduce((sum, report) => sum + report.confidence, 0) / parsed.ocr.length
  return { ocr_pages: parsed.ocr.map((report) => report.page), ocr_confidence: Math.round(mean) }
}

function lastHeading(path: string): string {
  return path.split(' > ').pop() ?? path
}
