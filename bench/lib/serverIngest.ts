import { nodeParsers } from '../../sync-server/src/ingest/nodeParsers'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import { ingestFile, type IngestOptions, type IngestResult } from '../../web/core/ingest/ingestFile'
import { systemClock } from '../../web/core/kernel/time/Clock'

/**
 * One file through the whole ingestion pipeline (parse, chunk, embed) with the server's parsers (pdf.js's
 * legacy build for PDFs) and the built-in hash-v1 embedder, the one that needs no model download.
 */
export function serverIngest(
  bytes: Uint8Array,
  filename: string,
  options?: IngestOptions,
): Promise<IngestResult> {
  return ingestFile(
    bytes,
    filename,
    { parsers: nodeParsers, embedder: hashEmbedder, clock: systemClock },
    options,
  )
}
