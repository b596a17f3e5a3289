import type { DocumentParser, FileKind, OcrPagesRead, ParsedDocument, ParseOptions } from '../DocumentModel'
import { tooManyCharacters } from '../IngestLimits'
import { ParseError } from '../ParseError'
import { fileExtension, SUPPORTED_EXTENSIONS, sniffFileKind } from './sniffFileKind'

export interface ParseDocumentOptions extends Omit<ParseOptions, 'onPartial'> {
  /** ParseOptions.onPartial, with the file's kind. */
  onPartial?: (partial: ParsedFile, ocr: OcrPagesRead) => void
  parsers: readonly DocumentParser[]
  /** How long the parse may go without progress (ms); it is aborted after it. Default two minutes. */
  timeoutMs?: number
  /** The kind the caller already knows (a web page's Content-Type), read as such: not sniffed. */
  kind?: FileKind
}

export interface ParsedFile extends ParsedDocument {
  kind: FileKind
}

/**
 * Sniffs the file's real kind, hands it to the parser for that kind, and enforces the time limit.
 * Every failure is a ParseError whose message can be shown to the user. The time limit is on a parse
 * that stops making progress: it starts again at each page the parser reports (`onProgress`,
 * `onPartial`), so a 600-page book never fails for its length, while a parser that reports nothing
 * for `timeoutMs` is stopped. It works by
 * aborting the parser's signal and by no longer waiting for it: a parser stuck in synchronous code
 * can only be stopped by terminating the worker it runs in, which the hosts do. `maxChars` goes to
 * the parser, which stops where the text passes it; the parsed text is counted again here, so a
 * parser that counts less (or not at all) still cannot hand more to the chunker.
 */
export async function parseDocument(
  bytes: Uint8Array,
  filename: string,
  {
    parsers,
    timeoutMs = 120_000,
    signal,
    password,
    onProgress,
    onPartial,
    maxChars,
    ocrLanguages,
    kind: knownKind,
  }: ParseDocumentOptions,
): Promise<ParsedFile> {
  if (bytes.length === 0) throw new ParseError('corrupt', 'The file is empty')
  const kind = knownKind ?? sniffFileKind(bytes, filename)
  if (!kind) {
    const claimed = fileExtension(filename)
    throw new ParseError(
      'not_supported',
      SUPPORTED_EXTENSIONS.includes(claimed)
        ? `The file's content is not a ${claimed.slice(1).toUpperCase()} document, although its name ends in ${claimed}`
        : `This kind of file is not supported; supported types are ${SUPPORTED_EXTENSIONS.join(', ')}`,
    )
  }
  const parser = parsers.find((p) => p.kinds.includes(kind))
  if (!parser) throw new ParseError('not_supported', `No parser for ${kind} files is available here`)

  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let onAbort: (() => void) | undefined
  let stop: (error: ParseError) => void = () => undefined
  // Settles only by rejecting: when the parse stops making progress or the caller cancels.
  const stopped = new Promise<never>((_, reject) => {
    stop = (error: ParseError) => {
      controller.abort(error)
      reject(error)
    }
    onAbort = () => stop(new ParseError('timeout', 'Processing was cancelled'))
    if (signal?.aborted) onAbort()
    else signal?.addEventListener('abort', onAbort, { once: true })
  })
  let finished = false
  /** (Re)starts the wait for the parser's next sign of progress. */
  const progressed = () => {
    clearTimeout(timer)
    if (finished || controller.signal.aborted) return
    timer = setTimeout(() => stop(stalledError(timeoutMs)), timeoutMs)
  }
  progressed()
  try {
    const parsing = parser.parse(bytes, {
      password,
      signal: controller.signal,
      onProgress: (fraction) => {
        progressed()
        onProgress?.(fraction)
      },
      ...(onPartial && {
        onPartial: (partial, ocr) => {
          progressed()
          onPartial({ ...partial, kind }, ocr)
        },
      }),
      maxChars,
      ocrLanguages,
    })
    // If the time limit wins the race, the parser may still fail later: that must not surface as an
    // unhandled rejection (which would end a Node process).
    parsing.catch(() => undefined)
    const parsed = await Promise.race([parsing, stopped])
    if (maxChars !== undefined) {
      let chars = 0
      for (const block of parsed.blocks) chars += block.text.length
      if (chars > maxChars) throw tooManyCharacters(maxChars)
    }
    return { ...parsed, kind }
  } catch (error) {
    if (error instanceof ParseError) throw error
    throw new ParseError(
      'corrupt',
      `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    )
  } finally {
    finished = true
    clearTimeout(timer)
    if (onAbort) signal?.removeEventListener('abort', onAbort)
  }
}

/**
 * A parse (or, on the hosts, an ingest worker) that went `timeoutMs` without reading a page: stalled,
 * whatever the document's length (INGEST_TIMEOUT_S).
 */
export function stalledError(timeoutMs: number): ParseError {
  const seconds = Math.round(timeoutMs / 1000)
  return new ParseError(
    'timeout',
    `Reading the file made no progress for ${seconds} s (no page was read) and was stopped`,
  )
}
