import { readdir, readFile } from 'node:fs/promises'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import { type DocumentProfile, documentProfile } from '../../web/core/retrieve/documentEvidence'
import { openingText } from '../../web/core/store/DocumentOpening'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { corpusFile } from './corpusFile'
import { ingestedChunkRecords } from './ingestedChunkRecords'
import type { PlainPassage } from './plainBm25'
import { pageKey } from './pageHitQuality'
import { pdfPageTexts } from './pdfPageTexts'
import { serverIngest } from './serverIngest'

const PDFS = 'qa/financebench-dev/pdfs'

export interface IngestedFilings {
  /**
   * Every filing's chunks as the server stores them (hash-v1 vectors). Each chunk's `collection_id`
   * is its document's id: searching every collection is searching the one folder a person keeps
   * them in, and searching one is a search scoped to that document.
   */
  chunks: ChunkRecord[]
  /** Each filing's profile, as `documentProfiles` makes it from the stored chunks. */
  profiles: DocumentProfile[]
  /** Every page of every filing as pdf.js reads it, id `pageKey(doc, page)`: the baseline's passages. */
  pages: PlainPassage[]
  /** Milliseconds `ingestFile` took per filing, and its pages. */
  timings: Array<{ file: string; ms: number; pages: number }>
}

/**
 * Every financebench-dev filing (all PDFs of the folder, in name order) through the server's real
 * pipeline (`ingestFile`, PDF parser, default chunking, hash-v1); a document's id is its file name
 * without `.pdf`, the questions' `doc_name`. Also each page's raw text for the baseline.
 */
export async function ingestFinancebench(progress: (message: string) => void): Promise<IngestedFilings> {
  const files = (await readdir(corpusFile(PDFS))).filter((file) => file.endsWith('.pdf')).sort()
  const filings: IngestedFilings = { chunks: [], profiles: [], pages: [], timings: [] }
  for (const file of files) {
    const bytes = new Uint8Array(await readFile(corpusFile(`${PDFS}/${file}`)))
    const documentId = file.replace(/\.pdf$/u, '')
    const started = performance.now()
    // No parse time limit: a busy machine must make a slow run, not a failed one (the filings are trusted).
    const result = await serverIngest(bytes, file, { timeoutMs: 60 * 60_000 })
    const ms = performance.now() - started
    if (result.chunks.length === 0) throw new Error(`${file}: ingestion made no chunks`)
    const chunks = ingestedChunkRecords(result, {
      documentId,
      collectionId: documentId,
      embedder: hashEmbedder.id,
    })
    filings.chunks.push(...chunks)
    const title = typeof result.metadata.title === 'string' ? result.metadata.title : null
    filings.profiles.push(
      documentProfile({ documentId, filename: file, title, opening: openingText(chunks) }),
    )
    const texts = await pdfPageTexts(bytes)
    texts.forEach((text, i) => filings.pages.push({ id: pageKey(documentId, i + 1), text }))
    filings.timings.push({ file, ms, pages: texts.length })
    progress(`quality: ${file}: ${chunks.length} chunks, ${texts.length} pages, ${Math.round(ms)} ms`)
  }
  return filings
}
