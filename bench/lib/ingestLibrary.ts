import { readdir, readFile } from 'node:fs/promises'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { corpusFile } from './corpusFile'
import { ingestedChunkRecords } from './ingestedChunkRecords'
import { serverIngest } from './serverIngest'

/** The collection the whole mixed library goes into, as a person's one folder. */
export const LIBRARY_COLLECTION = 'library-dev'
const DOCS = 'qa/library-dev/docs'
const FILES = 31

export interface IngestedLibrary {
  /** Every file's chunks as the server stores them (hash-v1 vectors); a document's id is its file name. */
  chunks: ChunkRecord[]
  /** Milliseconds `ingestFile` took per file, and its chunks. */
  timings: Array<{ file: string; ms: number; chunks: number }>
}

/**
 * Every file of `library-dev/docs` (PDF, DOCX, PPTX, Markdown, HTML; in name order) through the server's
 * real pipeline (`serverIngest`: the server's parsers, default chunking, hash-v1) into one collection.
 * Throws unless the folder holds exactly its 31 files and each gives chunks, so figures from another
 * folder are never compared with these by mistake.
 */
export async function ingestLibrary(progress: (message: string) => void): Promise<IngestedLibrary> {
  const dir = corpusFile(DOCS)
  const files = (await readdir(dir)).sort()
  if (files.length !== FILES) throw new Error(`expected ${FILES} files in ${dir}, found ${files.length}`)
  return ingestFolder(
    files.map((file) => `${DOCS}/${file}`),
    LIBRARY_COLLECTION,
    progress,
  )
}

/**
 * Files of the shared corpus (paths under it) through the server's real pipeline into one collection,
 * in the order given; a document's id is its file name. Throws on a file that gives no chunks.
 */
export async function ingestFolder(
  paths: readonly string[],
  collectionId: string,
  progress: (message: string) => void,
): Promise<IngestedLibrary> {
  const library: IngestedLibrary = { chunks: [], timings: [] }
  for (const path of paths) {
    const file = path.split('/').at(-1)!
    const bytes = new Uint8Array(await readFile(corpusFile(path)))
    const started = performance.now()
    // No parse time limit: a busy machine must make a slow run, not a failed one (the files are trusted).
    const result = await serverIngest(bytes, file, { timeoutMs: 60 * 60_000 })
    const ms = performance.now() - started
    if (result.chunks.length === 0) throw new Error(`${file}: ingestion made no chunks`)
    library.chunks.push(
      ...ingestedChunkRecords(result, { documentId: file, collectionId, embedder: hashEmbedder.id }),
    )
    library.timings.push({ file, ms, chunks: result.chunks.length })
    progress(`answers: ${file}: ${result.chunks.length} chunks, ${Math.round(ms)} ms`)
  }
  return library
}
