import { initialsRun } from '../generate/extractive/spelledByInitials'
import { tokenize } from '../retrieve/index/tokenize'
import type { SearchChunksPorts } from '../retrieve/searchChunks'
import { searchChunks } from '../retrieve/searchChunks'
import type { QuestionUnderstanding } from '../retrieve/understandQuestion'
import { foundSource } from './foundSource'
import type { SourceDocument } from './SourceDocument'

/** Passages of the search with the acronym written out that join the pool, in that search's order. */
const PASSAGES_ADDED = 10

/**
 * Passages found by searching the question again with each acronym written out as a found passage
 * spells it: "Who is the CEO of Nike?" searched as "Who is the chief executive officer of Nike?". Search
 * matches words, and filings write "Chief Executive Officer", rarely "CEO": the officers' list was not
 * among the 30 passages searched for the acronym, while the words that spell it were (a certification's
 * heading). Only for an acronym no passage of the pool prints as it is typed and some passage spells out
 * by its initials; empty otherwise (an acronym printed as typed, or a ticker no passage spells out).
 */
export async function spelledOutSearch(
  ports: SearchChunksPorts,
  pool: readonly SourceDocument[],
  understanding: QuestionUnderstanding,
  request: { question: string; collectionIds: string[] | undefined; hybrid: boolean; signal?: AbortSignal },
): Promise<SourceDocument[]> {
  const question = spelledOutQuestion(request.question, pool, understanding)
  if (question === null) return []
  const found = await searchChunks(ports, {
    queries: [question],
    collectionIds: request.collectionIds,
    topK: PASSAGES_ADDED,
    hybrid: request.hybrid,
    signal: request.signal,
  })
  const inPool = new Set(pool.map((source) => source.chunk_id))
  return found.chunks
    .filter(({ chunk }) => !inPool.has(chunk.id))
    .map((hit, i) => foundSource(hit, pool.length + i + 1))
}

/** The question with each acronym the pool does not print written out as a passage spells it, or null. */
export function spelledOutQuestion(
  question: string,
  pool: readonly SourceDocument[],
  understanding: QuestionUnderstanding,
): string | null {
  if (understanding.acronyms.length === 0) return null
  const sequences = pool.map((source) => tokenize(source.content))
  let spelledOut = question
  for (const acronym of understanding.acronyms) {
    if (sequences.some((sequence) => sequence.includes(acronym))) continue
    const spelled = sequences.map((sequence) => initialsRun(acronym, sequence)).find((run) => run !== null)
    if (spelled) spelledOut = spelledOut.replace(new RegExp(`\\b${acronym}\\b`, 'giu'), spelled.join(' '))
  }
  return spelledOut === question ? null : spelledOut
}
