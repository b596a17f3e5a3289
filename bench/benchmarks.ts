import { answers } from './answers'
import { browser } from './browser'
import { browserLarge } from './browser-large'
import { cluster } from './cluster'
import { dataArchive } from './data-archive'
import { documentStall } from './document-stall'
import { embedHash } from './embed-hash'
import { folder } from './folder'
import { ingestHostile } from './ingest-hostile'
import { ingestMemory } from './ingest-memory'
import { indexLoad } from './indexLoad'
import { ingestPdf } from './ingest-pdf'
import { longPdf } from './long-pdf'
import { ocr } from './ocr'
import type { Benchmark } from './lib/Benchmark'
import { pages } from './pages'
import { plugins } from './plugins'
import { providers } from './providers'
import { quality } from './quality'
import { retrieval } from './retrieval'
import { search } from './search'
import { searchPath } from './search-path'
import { searchScale } from './search-scale'
import { serverAuth } from './server-auth'
import { serverCollections } from './server-collections'
import { sync } from './sync'
import { web } from './web'

/** Every benchmark `npm run bench` knows, run in this order; a new one is added here and nowhere else. */
export const benchmarks: readonly Benchmark[] = [
  serverCollections,
  serverAuth,
  cluster,
  ingestPdf,
  embedHash,
  ingestMemory,
  ingestHostile,
  retrieval,
  quality,
  answers,
  search,
  searchScale,
  searchPath,
  indexLoad,
  sync,
  documentStall,
  longPdf,
  web,
  plugins,
  pages,
  browser,
  browserLarge,
  providers,
  ocr,
  dataArchive,
  folder,
]
