import { readFile } from 'node:fs/promises'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { corpusFile } from './corpusFile'
import type { PlainPassage } from './plainBm25'
import { pageKey } from './pageHitQuality'
import { pdfPageTexts } from './pdfPageTexts'
import { serverIngest } from './serverIngest'

const PDFS = 'qa/financebench-dev/pdfs'
export const FINANCEBENCH_FILES = ['AMCOR_2023_10K.pdf', 'BESTBUY_2024Q2_10Q.pdf', 'Pfizer_2023Q2_10Q.pdf']
export const FINANCEBENCH_COLLECTION = 'financebench-dev'

export interface IngestedFilings {
  /** Every filing's chunks, one collection, as the server stores them (hash-v1 vectors). */
  chunks: ChunkRecord[]
  /** Every page of every filing as pdf.js reads it, id `pageKey(doc, page)`: the baseline's passages. */
  pages: PlainPassage[]
}

/**
 * The three financebench-dev filings through the server's real pipeline (`ingestFile`, PDF parser,
 * default chunking, hash-v1) into ONE collection, as a person would keep them; a document's id is its
 * file name without `.pdf`, the questions' `doc_name`. Also each page's raw text for the baseline.
 */
export async function ingestFinancebench(progress: (message: string) => void): Promise<IngestedFilings> {
  const chunks: ChunkRecord[] = []
  const pages: PlainPassage[] = []
  for (const file of FINANCEBENCH_FILES) {
    const bytes = new Uint8Array(await readFile(corpusFile(`${PDFS}/${file}`)))
    const documentId = file.replace(/\.pdf$/u, '')
    const result = await serverIngest(bytes, file)
    if (result.chunks.length === 0) throw new Error(`${file}: ingestion made no chunks`)
    result.chunks.forEach((chunk, i) => {
      chunks.push({
        id: `${documentId}#${chunk.index}`,
        document_id: documentId,
        collection_id: FINANCEBENCH_COLLECTION,
        index: chunk.index,
        text: chunk.text,
        page: chunk.page,
        heading: chunk.heading,
        token_count: chunk.tokenCount,
        embedder: hashEmbedder.id,
        vector: result.vectors[i] ?? null,
      })
    })
    const texts = await pdfPageTexts(bytes)
    texts.forEach((text, i) => pages.push({ id: pageKey(documentId, i + 1), text }))
    progress(`quality: ${file}: ${result.chunks.length} chunks, ${texts.length} pages`)
  }
  return { chunks, pages }
}
