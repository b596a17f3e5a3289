import { transfer, wrap } from 'comlink'
import type { FileKind } from '../../core/ingest/DocumentModel'
import type { ParsedFile } from '../../core/ingest/parse/parseDocument'
import type { OfficePreviewWorkerApi } from './officePreviewWorker'

/**
 * Parses a Word or PowerPoint file in a worker of its own (officePreviewWorker), started for this one
 * file and terminated when it is done or `signal` aborts (the dialog closed), so an abandoned parse of a
 * long file stops using the CPU at once. Rejects with the parser's message (a ParseError's words are
 * meant for the person), or with the abort reason.
 */
export async function parseOfficeFile(
  bytes: Uint8Array,
  filename: string,
  kind: FileKind,
  signal: AbortSignal,
): Promise<ParsedFile> {
  signal.throwIfAborted()
  const worker = new Worker(new URL('./officePreviewWorker.ts', import.meta.url), {
    type: 'module',
    name: 'quire-office-preview',
  })
  let onAbort: (() => void) | undefined
  // A terminated worker never answers: the abort settles the wait instead.
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  // A worker that fails to load (or dies) fires `error` rather than answering.
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', () => reject(new Error('The preview reader could not be started')), {
      once: true,
    })
  })
  try {
    const parsing = wrap<OfficePreviewWorkerApi>(worker).parse(
      transfer(bytes, [bytes.buffer]),
      filename,
      kind,
    )
    return await Promise.race([parsing, aborted, failed])
  } finally {
    worker.terminate()
    if (onAbort) signal.removeEventListener('abort', onAbort)
  }
}
