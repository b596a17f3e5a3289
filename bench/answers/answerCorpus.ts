import { findSources } from '../../web/core/chat/findSources'
import { toAnswerSource } from '../../web/core/chat/toAnswerSource'
import type { AnswerRequest } from '../../web/core/generate/AnswerGenerator'
import type { SearchChunksPorts } from '../../web/core/retrieve/searchChunks'
import { cachedIngest } from '../lib/cachedIngest'
import { groupByDocument } from '../lib/groupByDocument'
import { ingestFinancebench } from '../lib/ingestFinancebench'
import { ingestXquad } from '../lib/ingestXquad'
import { type BenchDocument, memorySearchPorts } from '../lib/memorySearchPorts'
import {
  type AnswerCase,
  type AnswerSet,
  FILINGS_COLLECTION,
  financebenchCases,
  naturalCases,
  XQUAD_COLLECTION,
  xquadCases,
} from './answerCases'

/** What chat searches by default (`top_k` 5) and answers from. */
export const TOP_K = 5

/**
 * The articles and the filings in one search index, and the chosen sets' questions over them. Both
 * corpora share one index, as they always have: its term statistics span both, so a set's figures stay
 * the same whichever of the sets a run picks.
 */
export async function answerCorpus(
  sets: ReadonlySet<AnswerSet | string>,
  progress: (message: string) => void,
): Promise<{ ports: SearchChunksPorts; cases: AnswerCase[]; documents: number }> {
  const xquad = await cachedIngest('xquad', () => ingestXquad())
  const filings = await cachedIngest('filings', () => ingestFinancebench(progress))
  const documents: BenchDocument[] = [
    ...groupByDocument(xquad.chunks, XQUAD_COLLECTION, (id) => id),
    ...groupByDocument(filings.chunks, FILINGS_COLLECTION, (id) => `${id}.pdf`),
  ]
  const pages = new Map(filings.pages.map(({ id, text }) => [id, text]))
  const cases = [
    ...(sets.has('xquad-en') ? await xquadCases() : []),
    ...(sets.has('financebench-dev')
      ? await financebenchCases((doc, page) => pages.get(`${doc}#${page}`))
      : []),
    ...(sets.has('natural') ? await naturalCases() : []),
  ]
  return { ports: memorySearchPorts(documents), cases, documents: documents.length }
}

/** The question as chat hands it to the answerer: its sources found as chat finds them, no history. */
export async function answerRequest(
  ports: SearchChunksPorts,
  item: AnswerCase,
): Promise<Pick<AnswerRequest, 'question' | 'sources' | 'understanding'>> {
  const found = await findSources(ports, {
    question: item.question,
    history: [],
    collectionId: item.collection,
    topK: TOP_K,
    hybrid: true,
    generatorId: 'extractive',
  })
  return {
    question: found.question,
    sources: found.sources.map((source) => toAnswerSource(source, undefined, found.documentWords)),
    understanding: found.understanding,
  }
}
