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
 * by its initials, or, where none does, that a document of the collection defines by its initials
 * ("Chief Executive Officer (CEO)": "Who is the CEO of Kraft Heinz?" found 30 passages naming Kraft
 * Heinz and none its officers); empty otherwise (an acronym printed as typed, or a ticker no passage
 * spells out).
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
    const spelled =
      sequences.map((sequence) => initialsRun(acronym, sequence)).find((run) => run !== null) ??
      definedSpelling(acronym, understanding)
    if (spelled) spelledOut = spelledOut.replace(new RegExp(`\\b${acronym}\\b`, 'giu'), spelled.join(' '))
  }
  return spelledOut === question ? null : spelledOut
}

/** A long form the collection defines for the acronym whose words it is the initials of, if any. */
function definedSpelling(acronym: string, understanding: QuestionUnderstanding): string[] | null {
  for (const alias of understanding.aliases) {
    if (alias.terms.length !== 1 || alias.terms[0] !== acronym) continue
    const form = alias.forms.find((words) => words.length === acronym.length && initialsRun(acronym, words))
    if (form) return form
  }
  return null
}
