import { hashEmbedder } from '../web/core/ingest/embed/hashEmbedder'
import { defaultSimilarityThreshold } from '../web/core/retrieve/defaultSimilarityThreshold'
import type { DocumentProfile } from '../web/core/retrieve/documentEvidence'
import { exactVectorsOf } from '../web/core/retrieve/index/ExactVectors'
import { type SearchMode, SearchIndex } from '../web/core/retrieve/index/SearchIndex'
import { collectionTerms } from '../web/core/retrieve/collectionTerms'
import { choosePassages } from '../web/core/retrieve/choosePassages'
import { definedTerms } from '../web/core/retrieve/definedTerms'
import { sectionWords } from '../web/core/retrieve/namedSections'
import { spelledOutQuestion } from '../web/core/retrieve/spelledOutQuestion'
import { type DefinedTerm, understandQuestion } from '../web/core/retrieve/understandQuestion'
import { placeOfPassage } from '../web/core/retrieve/liftByPage'
import { pageSpreadDepth, spreadOverPages } from '../web/core/retrieve/spreadOverPages'
import type { ChunkRecord } from '../web/core/store/ChunkRecord'
import { naturalCases } from './answers/answerCases'
import type { BenchLine, LineReporter } from './lib/BenchLine'
import { financebenchQuestions, type QuestionHalf } from './lib/financebenchQuestions'
import { type IngestedFilings, ingestFinancebench } from './lib/ingestFinancebench'
import { ingestXquad } from './lib/ingestXquad'
import { lineBenchmark } from './lib/lineBenchmark'
import { distinctPages, firstPageRank, pageHitQuality, pageKey } from './lib/pageHitQuality'
import { PlainBm25 } from './lib/plainBm25'
import { retrievalQuality } from './lib/retrievalQuality'
import { qualityTable } from './lib/qualityTable'
import { round } from './lib/round'
import { xquadParagraphs } from './lib/xquadParagraphs'
import { xquadQuestions } from './lib/xquadQuestions'

const NAME = 'quality'
const MODES: readonly SearchMode[] = ['bm25', 'vector', 'hybrid']
/** Passages per xquad question: enough for MRR@10. */
const XQUAD_LIMIT = 10
/**
 * Chunks asked for per filing question in the speed line: a deep search (the quality lines ask for
 * what the API ranks for its top_k, `pageSpreadDepth`), kept as it was so speed compares across runs.
 */
const FILING_CHUNK_LIMIT = 50

/**
 * `natural`: the questions typed the way people type them over the dev filings (bench/answers), each
 * with the page its answer is on, searched in the folder as one collection.
 */
export type QualitySet = 'xquad-en' | 'financebench-dev' | 'natural'
/**
 * Which questions a line counts: all, one of the two fixed halves (`financebenchQuestions`), those
 * naming a part of a document (`names-part`: "using the cash flow statement", `QuestionUnderstanding.sections`),
 * or those whose acronym search wrote out (`defined-name`: "CEO" searched as "chief executive officer",
 * `spelledOutQuestion`).
 */
export type QualitySubset = 'all' | QuestionHalf | 'names-part' | 'defined-name'
/**
 * Where each question was searched: the whole folder in one collection (`collection`), or only the
 * document it is about (`document`): the two apart show wrong-document and wrong-page errors apart.
 */
export type QualityScope = 'collection' | 'document'

/** The figure each set is judged by: hybrid must not fall below BM25 on it (natural: reported only). */
export const HEADLINE: Readonly<Partial<Record<QualitySet, string>>> = {
  'xquad-en': 'recall_at_5',
  'financebench-dev': 'hit_at_5',
}

export interface QualityLine extends BenchLine {
  set: QualitySet
  /** financebench-dev: which questions; xquad-en: always `all`. */
  subset: QualitySubset
  /** financebench-dev: one collection or the question's own document; xquad-en: `collection`. */
  scope: QualityScope
  /** What actually ran (`SearchIndex.search`'s `method`). */
  method: SearchMode
  embedder: string
  /** Minimum cosine for vector candidates; null for BM25. */
  similarity_threshold: number | null
  /**
   * xquad-en: `recall_at_5` (share of questions with an answer-bearing chunk in the first five) and
   * `mrr_at_10`, of the 10 passages the API answers (`searchChunks`, `choosePassages`).
   * financebench-dev, from what the API answers (`choosePassages`: a page's evidence lifting its
   * passages, except in vector search, spread over pages): `hit_at_5` (share of questions with the evidence page among the
   * pages of the 5 passages answered for top_k 5), `hit_at_10` and `mrr_at_10` (the 10 answered for
   * top_k 10, a page ranked by its first passage), `hit_at_5_repeating` (the 5 best passages as they
   * come, pages repeating: how the API answered before it spread them over pages) and
   * `hit_at_5_unlifted` (spread over pages without the page's evidence: how it answered before the page
   * lift; docs/decisions/0004-passages-spread-and-lifted-by-page.md), `hit_at_5_as_typed`
   * (the question searched as typed: no lift for a part it names, no acronym written out; how it
   * answered before search read them). natural: the same figures, one collection.
   */
  figures: Record<string, number>
  /** The same figures of the plain BM25 baseline (bench/lib/plainBm25.ts) in this run. */
  baseline: Record<string, number>
  questions: number
  /** Chunks Quire searched (in scope `document`: the chunks of the whole folder, filtered). */
  chunks: number
  /** Passages the baseline ranked: source paragraphs (xquad-en) or whole pages (financebench-dev). */
  baseline_passages: number
}

/**
 * Search and ingestion speed on the whole financebench-dev folder, Quire's search as it is beside
 * the same index searched without document evidence (how it searched before), in the same run.
 */
export interface QualitySpeedLine extends BenchLine {
  /** Hybrid searches of every question, one collection, with document evidence. */
  search_p50_ms: number
  search_p95_ms: number
  /** The same searches without document evidence. */
  baseline_search_p50_ms: number
  baseline_search_p95_ms: number
  chunks: number
  /** `ingestFile` time over the folder's pages (parse, chunk, hash-v1). */
  ingest_ms_per_page: number
  pages: number
}

/**
 * Retrieval quality on the corpus's two QA sets, for BM25, vectors and hybrid (hash-v1, default
 * threshold), each beside a plain BM25 baseline computed in the same run: xquad-en (the 24 articles
 * through real ingestion, searched with their profiles as the API searches; a hit is a chunk
 * containing an answer) and financebench-dev (every filing
 * through the real PDF pipeline into one folder; a hit is a chunk of the evidence document on the
 * evidence page), the latter on all questions and on each fixed half, in one collection and scoped
 * to each question's document. One line per case, the table on stderr, then the speed line; throws
 * after emitting when hybrid falls below Quire's BM25 or the plain baseline on any set's headline
 * figure (`HEADLINE`).
 */
export async function measureQuality(
  reporter: LineReporter<QualityLine | QualitySpeedLine>,
): Promise<Array<QualityLine | QualitySpeedLine>> {
  const threshold = defaultSimilarityThreshold(hashEmbedder.id)
  const lines: QualityLine[] = []
  const line = (
    set: QualitySet,
    where: { subset: QualitySubset; scope: QualityScope },
    method: SearchMode,
    figures: Record<string, number>,
    rest: LineRest,
  ) => {
    const made: QualityLine = {
      benchmark: NAME,
      case: `${set} ${where.subset} ${where.scope} ${method} (${hashEmbedder.id})`,
      set,
      ...where,
      method,
      embedder: hashEmbedder.id,
      similarity_threshold: method === 'bm25' ? null : threshold,
      figures: roundAll(figures),
      baseline: roundAll(rest.baseline),
      questions: rest.questions,
      chunks: rest.chunks,
      baseline_passages: rest.baselinePassages,
      node: process.version,
      date: new Date().toISOString(),
    }
    reporter.emit(made)
    lines.push(made)
  }

  // xquad-en
  const { chunks: xquadChunks, profiles: xquadProfiles } = await ingestXquad(hashEmbedder)
  const xquad = await xquadQuestions()
  const paragraphs = await xquadParagraphs()
  reporter.progress(`${NAME}: xquad-en: ${xquadChunks.length} chunks, ${paragraphs.length} paragraphs`)
  const paragraphText = new Map(paragraphs.map(({ id, text }) => [id, text]))
  const plainXquad = new PlainBm25(paragraphs)
  const { recall_at_5, mrr_at_10 } = retrievalQuality(
    xquad.map(({ question, answers }) => ({
      answers,
      retrieved: plainXquad
        .rank(question)
        .slice(0, XQUAD_LIMIT)
        .map((id) => paragraphText.get(id)!),
    })),
  )
  const xquadBaseline = { recall_at_5, mrr_at_10 }
  // With the articles' profiles, as `searchChunks` searches (a question naming its article's subject
  // lifts that article's passages).
  const xquadReading = questionReading(
    xquad.map(({ question }) => question),
    xquadChunks,
  )
  const xquadSearch = await searcher(
    xquadChunks,
    xquad.map(({ question }) => question),
    xquadProfiles,
    xquadReading,
  )
  for (const mode of MODES) {
    // What the API answers for top_k 10: its candidates, chosen as `searchChunks` chooses them.
    const found = (await xquadSearch({ mode, limit: pageSpreadDepth(XQUAD_LIMIT) })).map((chunks, i) =>
      choosePassages(chunks, XQUAD_LIMIT, mode, (chunk) => chunk, xquadReading.named[i]),
    )
    const quality = retrievalQuality(
      xquad.map(({ answers }, i) => ({ answers, retrieved: found[i]!.map(({ text }) => text) })),
    )
    line(
      'xquad-en',
      { subset: 'all', scope: 'collection' },
      mode,
      { recall_at_5: quality.recall_at_5, mrr_at_10: quality.mrr_at_10 },
      {
        baseline: xquadBaseline,
        questions: xquad.length,
        chunks: xquadChunks.length,
        baselinePassages: paragraphs.length,
      },
    )
  }

  // financebench-dev: the whole folder in one index, each document its own collection.
  const filings = await ingestFinancebench(reporter.progress)
  const questions = await financebenchQuestions()
  const wanted = questions.map(({ evidence }) => evidence.map(({ doc, page }) => pageKey(doc, page)))
  const plainPages = new PlainBm25(filings.pages)
  const plainRanks = questions.map(({ question }, i) => firstPageRank(plainPages.rank(question), wanted[i]!))
  const plainScoped = questions.map(({ question, doc }, i) =>
    firstPageRank(
      plainPages.rank(question).filter((page) => page.startsWith(`${doc}#`)),
      wanted[i]!,
    ),
  )
  const filingReading = questionReading(
    questions.map(({ question }) => question),
    filings.chunks,
  )
  const filingSearch = await searcher(
    filings.chunks,
    questions.map(({ question }) => question),
    filings.profiles,
    filingReading,
  )
  const pageLine =
    (set: QualitySet, scope: QualityScope, chunks: number) =>
    (
      subset: QualitySubset,
      mode: SearchMode,
      figures: Record<string, number>,
      baseline: Record<string, number>,
      questions: number,
    ) =>
      line(set, { subset, scope }, mode, figures, {
        baseline,
        questions,
        chunks,
        baselinePassages: filings.pages.length,
      })
  for (const scope of ['collection', 'document'] as const) {
    await pageHitLines(
      {
        search: filingSearch,
        named: filingReading.named,
        wanted,
        halves: questions.map(({ half }) => half),
        baselineRanks: scope === 'collection' ? plainRanks : plainScoped,
        scopeOf: scope === 'document' ? (i: number) => [questions[i]!.doc] : undefined,
      },
      pageLine('financebench-dev', scope, filings.chunks.length),
    )
  }

  // natural: the typed questions with their answers' pages, over the same folder in one collection.
  const natural = (await naturalCases()).filter(({ doc, page }) => doc !== undefined && page !== undefined)
  const naturalQuestions = natural.map(({ question }) => question)
  const naturalReading = questionReading(naturalQuestions, filings.chunks)
  const naturalWanted = natural.map(({ doc, page }) => [pageKey(doc!, page!)])
  await pageHitLines(
    {
      search: await searcher(filings.chunks, naturalQuestions, filings.profiles, naturalReading),
      named: naturalReading.named,
      wanted: naturalWanted,
      halves: natural.map(({ half }) => half),
      baselineRanks: naturalQuestions.map((question, i) =>
        firstPageRank(plainPages.rank(question), naturalWanted[i]!),
      ),
    },
    pageLine('natural', 'collection', filings.chunks.length),
  )

  reporter.progress(
    qualityTable(lines.map((line) => ({ ...line, set: `${line.set} ${line.subset} ${line.scope}` }))),
  )
  const speed = await searchSpeed(filingSearch, filings)
  reporter.emit(speed)
  reporter.progress(
    `${NAME}: search p50/p95 ${speed.search_p50_ms}/${speed.search_p95_ms} ms (without document evidence ` +
      `${speed.baseline_search_p50_ms}/${speed.baseline_search_p95_ms} ms) over ${speed.chunks} chunks; ` +
      `ingest ${speed.ingest_ms_per_page} ms a page over ${speed.pages} pages`,
  )
  const problems = qualityProblems(lines)
  if (problems.length > 0) throw new Error(`${NAME}: ${problems.join('; ')}`)
  return [...lines, speed]
}

/** Every question searched hybrid in one collection, with and without document evidence, timed. */
async function searchSpeed(search: Searcher, filings: IngestedFilings): Promise<QualitySpeedLine> {
  const withEvidence = await search({ mode: 'hybrid', limit: FILING_CHUNK_LIMIT, timed: true })
  const without = await search({ mode: 'hybrid', limit: FILING_CHUNK_LIMIT, timed: true, noEvidence: true })
  const pages = filings.timings.reduce((sum, { pages }) => sum + pages, 0)
  const ms = filings.timings.reduce((sum, { ms }) => sum + ms, 0)
  return {
    benchmark: NAME,
    case: 'financebench-dev speed (hash-v1)',
    search_p50_ms: round(percentile(withEvidence.times, 50), 3),
    search_p95_ms: round(percentile(withEvidence.times, 95), 3),
    baseline_search_p50_ms: round(percentile(without.times, 50), 3),
    baseline_search_p95_ms: round(percentile(without.times, 95), 3),
    chunks: filings.chunks.length,
    ingest_ms_per_page: round(ms / pages, 3),
    pages,
    node: process.version,
    date: new Date().toISOString(),
  }
}

/** Nearest-rank percentile of a non-empty list. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}

interface LineRest {
  baseline: Record<string, number>
  questions: number
  chunks: number
  baselinePassages: number
}

interface SearchRun {
  mode: SearchMode
  limit: number
  /** Per question, the collections to search; absent: all of them. */
  scopeOf?: (question: number) => string[]
  /** Leave the document profiles out (the search as it was before document evidence). */
  noEvidence?: boolean
  /** Time each search (the answer then also carries `times`). */
  timed?: boolean
  /** Search the question as typed: no acronym written out (`QuestionReading`). */
  asTyped?: boolean
}

/** A found chunk with its search score. */
type ScoredChunk = ChunkRecord & { score: number }

/** Per question its chunks, best first; `spelled`: the acronyms written out it was searched as, if any. */
type Searcher = (
  run: SearchRun,
) => Promise<ScoredChunk[][] & { times: number[]; spelled: Array<string | null> }>

/**
 * One index over `chunks` and the questions' hash-v1 vectors; the returned function runs every
 * question in one mode and gives each question's chunks, best first, with the documents' profiles
 * where given (as `searchChunks` passes them). Throws when another method ran than the one asked
 * for: a silent fallback to BM25 would make every row the same and prove nothing.
 */
async function searcher(
  chunks: readonly ChunkRecord[],
  queries: readonly string[],
  profiles?: readonly DocumentProfile[],
  reading?: QuestionReading,
): Promise<Searcher> {
  const index = SearchIndex.fromChunks(chunks)
  const exactVectors = exactVectorsOf(chunks)
  const byId = new Map(chunks.map((chunk) => [chunk.id, chunk]))
  const vectors = await hashEmbedder.embed([...queries])
  const threshold = defaultSimilarityThreshold(hashEmbedder.id)
  return async ({ mode, limit, scopeOf, noEvidence, timed, asTyped }) => {
    const ranked = Object.assign([] as ScoredChunk[][], {
      times: [] as number[],
      spelled: [] as Array<string | null>,
    })
    for (const [i, query] of queries.entries()) {
      const collectionIds = scopeOf?.(i)
      const inScope = collectionIds
        ? profiles?.filter(({ documentId }) => collectionIds.includes(documentId))
        : profiles
      const started = timed ? performance.now() : 0
      const searchOne = async (text: string, vector: Float32Array) => {
        const { results, method } = await index.search({
          query: text,
          queryVector: vector,
          embedder: hashEmbedder.id,
          exactVectors,
          limit,
          mode,
          similarityThreshold: threshold,
          collectionIds,
          documentProfiles: noEvidence ? undefined : inScope,
        })
        if (method !== mode) throw new Error(`${NAME}: asked for ${mode}, ${method} ran`)
        return results.map(({ id, score }) => ({ ...byId.get(id)!, score }))
      }
      let found = await searchOne(query, vectors[i]!)
      // As `searchChunks`: an acronym none of the candidates prints is searched written out (not by
      // vectors only, which have no keywords to match).
      const spelled = asTyped || !reading || mode === 'vector' ? null : reading.spell(i, found, collectionIds)
      if (spelled !== null) found = await searchOne(spelled, (await hashEmbedder.embed([spelled]))[0]!)
      if (timed) ranked.times.push(performance.now() - started)
      ranked.push(found)
      ranked.spelled.push(spelled)
    }
    return ranked
  }
}

/**
 * How `searchChunks` reads each question beyond its words: the parts of a document it names
 * (`sectionWords`, for `choosePassages`), and its acronyms written out where the candidates do not
 * print them (`spelledOutQuestion`, with the defined terms of the searched documents).
 */
interface QuestionReading {
  named: string[][][]
  spell: (
    question: number,
    candidates: ReadonlyArray<Pick<ChunkRecord, 'text' | 'document_id'>>,
    collectionIds?: readonly string[],
  ) => string | null
}

function questionReading(questions: readonly string[], chunks: readonly ChunkRecord[]): QuestionReading {
  const texts = new Map<string, string[]>()
  for (const chunk of chunks) {
    const list = texts.get(chunk.document_id) ?? []
    list.push(chunk.text)
    texts.set(chunk.document_id, list)
  }
  // Each document's terms as ingest stores them (`ingestFile`; here from its chunks, which hold its text).
  const terms = new Map([...texts].map(([id, list]) => [id, definedTerms(list.join('\n'))]))
  const termsOf = (ids?: readonly string[]): DefinedTerm[] =>
    collectionTerms(
      (ids ?? [...terms.keys()]).map((id) => ({ metadata: { defined_terms: terms.get(id) ?? [] } })),
    )
  return {
    named: questions.map((question) => sectionWords(understandQuestion(question).sections)),
    spell: (i, candidates, ids) =>
      spelledOutQuestion(
        questions[i]!,
        candidates.map(({ text }) => text),
        understandQuestion(questions[i]!, termsOf(ids)),
        termsOf([...new Set(candidates.map(({ document_id }) => document_id))]),
      ),
  }
}

interface PageHitRun {
  search: Searcher
  /** Per question, the parts it names (`QuestionReading.named`). */
  named: ReadonlyArray<readonly string[][]>
  /** Per question, its evidence pages (`pageKey`). */
  wanted: ReadonlyArray<readonly string[]>
  halves: readonly QuestionHalf[]
  /** The plain BM25 baseline's first evidence page rank per question. */
  baselineRanks: ReadonlyArray<number | null>
  scopeOf?: (question: number) => string[]
}

type PageLineEmit = (
  subset: QualitySubset,
  mode: SearchMode,
  figures: Record<string, number>,
  baseline: Record<string, number>,
  questions: number,
) => void

/**
 * Page-hit lines of a set of questions with evidence pages, one per mode and subset, from what the API
 * answers: the candidates chosen as it chooses them (a page's evidence lifting its passages, spread over
 * pages), beside the same questions searched as typed and the older ways of choosing.
 */
async function pageHitLines(run: PageHitRun, emit: PageLineEmit): Promise<void> {
  const { search, named, wanted, halves, baselineRanks, scopeOf } = run
  for (const mode of MODES) {
    // The candidates `searchChunks` ranks for top_k passages (`pageSpreadDepth`), one search per depth.
    const candidates = (topK: number, asTyped = false) =>
      search({ mode, limit: pageSpreadDepth(topK), scopeOf, asTyped })
    const ranksOf = (lists: ReadonlyArray<readonly ChunkRecord[]>) =>
      lists.map((chunks, i) => firstPageRank(distinctPages(chunks), wanted[i]!))
    const chosen = (lists: ReadonlyArray<readonly ScoredChunk[]>, topK: number, asTyped = false) =>
      lists.map((chunks, i) => choosePassages(chunks, topK, mode, (chunk) => chunk, asTyped ? [] : named[i]))
    const forFive = await candidates(5)
    const forTen = pageSpreadDepth(10) === pageSpreadDepth(5) ? forFive : await candidates(10)
    const five = ranksOf(chosen(forFive, 5))
    const ten = ranksOf(chosen(forTen, 10))
    const typed = ranksOf(chosen(await candidates(5, true), 5, true))
    // The five best passages as they come, pages repeating: the API before it spread them.
    const repeating = ranksOf(await search({ mode, limit: 5, scopeOf }))
    // Spread over pages without the page's evidence: the API before pages lifted their passages.
    const unlifted = ranksOf(forFive.map((chunks) => spreadOverPages(chunks, 5, placeOfPassage)))
    const subsets: Array<[QualitySubset, (i: number) => boolean]> = [
      ['all', () => true],
      ['tune', (i) => halves[i] === 'tune'],
      ['report', (i) => halves[i] === 'report'],
      ['names-part', (i) => named[i]!.length > 0],
      ['defined-name', (i) => forFive.spelled[i] !== null],
    ]
    for (const [subset, keep] of subsets) {
      const kept = (all: ReadonlyArray<number | null>) => all.filter((_, i) => keep(i))
      if (kept(five).length === 0) continue
      const { questions, hit_at_10, mrr_at_10 } = pageHitQuality(kept(ten))
      const figures = {
        hit_at_5: pageHitQuality(kept(five)).hit_at_5,
        hit_at_10,
        mrr_at_10,
        hit_at_5_as_typed: pageHitQuality(kept(typed)).hit_at_5,
        hit_at_5_repeating: pageHitQuality(kept(repeating)).hit_at_5,
        hit_at_5_unlifted: pageHitQuality(kept(unlifted)).hit_at_5,
      }
      const { questions: _, ...baseline } = pageHitQuality(kept(baselineRanks))
      emit(subset, mode, figures, baseline, questions)
    }
  }
}

function roundAll(figures: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, round(value, 4)]))
}

/**
 * Where hybrid search falls below Quire's BM25 or the plain baseline on a set's headline figure
 * (`HEADLINE`), on any subset and scope, or a set has no hybrid line. Empty when hybrid holds its own
 * everywhere.
 */
export function qualityProblems(lines: readonly QualityLine[]): string[] {
  const problems: string[] = []
  for (const [set, figure] of Object.entries(HEADLINE) as Array<[QualitySet, string]>) {
    const hybrids = lines.filter((line) => line.set === set && line.method === 'hybrid')
    if (hybrids.length === 0) problems.push(`no hybrid line for ${set}`)
    for (const hybrid of hybrids) {
      const where = `${set}${hybrid.subset === 'all' ? '' : ` ${hybrid.subset}`}${hybrid.scope === 'collection' ? '' : ` (${hybrid.scope})`}`
      const ours = hybrid.figures[figure] ?? NaN
      const plain = hybrid.baseline[figure] ?? NaN
      if (!(ours >= plain))
        problems.push(`${where}: hybrid ${figure} ${ours} is below the plain BM25 baseline's ${plain}`)
      const bm25 = lines.find(
        (line) =>
          line.set === set &&
          line.method === 'bm25' &&
          line.subset === hybrid.subset &&
          line.scope === hybrid.scope,
      )
      const keyword = bm25?.figures[figure] ?? NaN
      if (bm25 && !(ours >= keyword))
        problems.push(`${where}: hybrid ${figure} ${ours} is below BM25's ${keyword}`)
    }
  }
  return problems
}

export const quality = lineBenchmark(NAME, measureQuality)
