import { readdir, readFile } from 'node:fs/promises'
import type { Chunk } from '../../web/core/ingest/chunk/Chunk'
import { chunkDocument } from '../../web/core/ingest/chunk/chunkDocument'
import { markdownParser } from '../../web/core/ingest/parse/text/markdownParser'
import { corpusFile } from './corpusFile'

const DOCS = 'qa/xquad-en/docs'
const ARTICLES = 24

/**
 * The chunks of the 24 xquad-en articles as ingestion makes them (Markdown parser, default chunk sizes), in
 * file-name order. Throws if the corpus does not hold exactly those 24, so numbers from different corpora are
 * never compared by mistake.
 */
export async function xquadChunks(): Promise<Chunk[]> {
  const dir = corpusFile(DOCS)
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  if (names.length !== ARTICLES) {
    throw new Error(`expected ${ARTICLES} articles in ${dir}, found ${names.length}`)
  }
  const chunks: Chunk[] = []
  for (const name of names) {
    const parsed = await markdownParser.parse(new Uint8Array(await readFile(`${dir}/${name}`)), {})
    chunks.push(...chunkDocument(parsed))
  }
  return chunks
}
