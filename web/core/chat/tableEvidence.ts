import { periodYears } from '../retrieve/questionPeriods'
import { bestFitPerSource } from '../generate/extractive/bestFitPerSource'
import { sourceMentions } from '../generate/extractive/sourceMentions'
import { tableFigures } from '../generate/extractive/tableFigures'
import type { PoolReading } from './PoolReading'
import type { SourceDocument } from './SourceDocument'
import { storedSource } from './storedSource'
import { toAnswerSource } from './toAnswerSource'

/**
 * Documents whose tables are read whole for a figure question: those of search's best passages that
 * name what the question names, best first. Two: a question names one company's filing, and its
 * filing of another year is the next.
 */
const DOCUMENTS_READ = 2
/** Table passages found this way that join the pool, best fit first. */
const PASSAGES_ADDED = 2

/**
 * Table passages that answer a figure question, read from the whole of the documents search found it
 * in, for the pool `evidenceFirst` chooses from. Search ranks passages by their words, and a statement's
 * table row ("Research and development | 947 | 1,072") shares few words with "AMD R&D expense 2015":
 * on the tuning half of the natural questions the statement page was below search's thirtieth place for
 * most wrong figure answers, while the filing itself was first. So each table passage of the best
 * documents (one that prints an asked year) is read as `chooseFigure` reads a table, and the passages
 * with the best fitting cells are added. Empty when the question asks for no figure in a period, or
 * when no table of those documents fits: the pool then answers alone.
 */
export async function tableEvidence({
  store,
  pool,
  understanding,
  documentWords,
}: PoolReading): Promise<SourceDocument[]> {
  const years = periodYears(understanding.periods)
  const latest = years.length === 0 && understanding.periods.some((period) => period.latest === true)
  if (understanding.wants !== 'figure' || (years.length === 0 && !latest)) return []
  const mentions = sourceMentions(
    pool.map((source) => toAnswerSource(source, undefined, documentWords)),
    understanding,
  )
  const names = understanding.names.filter((name) => !years.includes(name))
  const documents: SourceDocument[] = []
  for (const source of pool) {
    if (documents.length === DOCUMENTS_READ) break
    if (documents.some((taken) => taken.document_id === source.document_id)) continue
    if (names.every((name) => mentions(source.number, name))) documents.push(source)
  }
  const inPool = new Set(pool.map((source) => source.chunk_id))
  const candidates: SourceDocument[] = []
  for (const document of documents) {
    const chunks = await store.listChunks({ documentId: document.document_id }).catch(() => [])
    for (const chunk of chunks) {
      if (inPool.has(chunk.id) || !mayAnswer(chunk.text, years, latest)) continue
      candidates.push(storedSource(chunk, document, pool.length + candidates.length + 1))
    }
  }
  if (candidates.length === 0) return []
  const sources = candidates.map((source) => toAnswerSource(source, undefined, documentWords))
  const figures = tableFigures(sources)
  const byNumber = new Map(candidates.map((source) => [source.number, source]))
  // Every candidate is of a document that names what the question names: no passage need repeat it.
  return bestFitPerSource(understanding, figures, () => true)
    .slice(0, PASSAGES_ADDED)
    .map(({ number }) => byNumber.get(number)!)
}

/**
 * Whether a passage's table can hold the asked period's cell: its first table line (a passage of a
 * table repeats the table's header there) names an asked year. Cheap, since a filing has thousands of
 * passages; `chooseFigure` reads the header properly.
 */
function mayAnswer(text: string, years: readonly string[], latest: boolean): boolean {
  const firstRow = text.split('\n').find((line) => line.includes('|'))
  if (firstRow === undefined) return false
  // "Last year": any table whose header prints a year may hold the latest one.
  return latest ? /\b(?:19|20)\d\d\b/u.test(firstRow) : years.some((year) => firstRow.includes(year))
}
