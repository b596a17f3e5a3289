import { readdir, readFile } from 'node:fs/promises'
import { hashEmbedder } from '../../web/core/ingest/embed/hashEmbedder'
import type { Embedder } from '../../web/core/ingest/embed/Embedder'
import { ingestFile } from '../../web/core/ingest/ingestFile'
import { textParsers } from '../../web/core/ingest/parse/textParsers'
import { type DocumentProfile, documentProfile } from '../../web/core/retrieve/documentEvidence'
import { openingText } from '../../web/core/store/DocumentOpening'
import type { ChunkRecord } from '../../web/core/store/ChunkRecord'
import { systemClock } from '../../web/core/kernel/time/Clock'
import { corpusFile } from './corpusFile'
import { ingestedChunkRecords } from './ingestedChunkRecords'

const DOCS = 'qa/xquad-en/docs'
const ARTICLES = 24
export const XQUAD_COLLECTION = 'xquad-en'

/** The ingested articles: their chunks, and each article's profile as the API makes it. */
export interface IngestedXquad {
  chunks: ChunkRecord[]
  /** What each article says about itself (file name, title, opening), as `documentProfiles` reads it. */
  profiles: DocumentProfile[]
}

/**
 * The 24 xquad-en articles through the real ingestion pipeline (`ingestFile`: Markdown parser, default
 * chunking, the heading before continuation chunks' vectors) as stored chunk records, one document per
 * article (its file name is its document id, `<file>#<index>` a chunk's id). Throws unless the corpus
 * holds exactly those 24 articles and each gives chunks, so numbers from different corpora are never
 * compared by mistake.
 */
export async function ingestXquad(embedder: Embedder = hashEmbedder): Promise<IngestedXquad> {
  const dir = corpusFile(DOCS)
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  if (names.length !== ARTICLES) {
    throw new Error(`expected ${ARTICLES} articles in ${dir}, found ${names.length}`)
  }
  const records: ChunkRecord[] = []
  const profiles: DocumentProfile[] = []
  for (const name of names) {
    const bytes = new Uint8Array(await readFile(`${dir}/${name}`))
    const { chunks, vectors, metadata } = await ingestFile(bytes, name, {
      parsers: textParsers,
      embedder,
      clock: systemClock,
    })
    if (chunks.length === 0) throw new Error(`${name}: ingestion made no chunks`)
    const mine = ingestedChunkRecords(
      { chunks, vectors },
      { documentId: name, collectionId: XQUAD_COLLECTION, embedder: embedder.id },
    )
    records.push(...mine)
    const title = typeof metadata.title === 'string' ? metadata.title : null
    profiles.push(documentProfile({ documentId: name, filename: name, title, opening: openingText(mine) }))
  }
  return { chunks: records, profiles }
}
