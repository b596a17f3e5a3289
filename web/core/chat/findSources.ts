import { attendanceQuery } from '../retrieve/attendanceQuery'
import type { ChatTurn } from '../generate/ChatModel'
import { classifyIntent, type SearchIntent } from '../retrieve/classifyIntent'
import { isFollowUp, rewriteQuery } from '../retrieve/rewriteQuery'
import { citedPageTexts } from './citedPageTexts'
import { queriesSearched, searchChunks, type SearchChunksPorts } from '../retrieve/searchChunks'
import { type QuestionUnderstanding, understandQuestion } from '../retrieve/understandQuestion'
import type { SourceDocument } from './SourceDocument'
import { abbreviationsByDocument } from './abbreviationsByDocument'
import { documentGist, readsOpening } from './documentGist'
import { listContinued } from './listContinued'
import { otherFormsQuery } from './otherFormsQuery'
import { releaseSection } from './releaseSection'
import { EVIDENCE_POOL, evidenceFirst } from './evidenceFirst'
import { followUpQuestion } from './followUpQuestion'
import { foundSource } from './foundSource'
import { tableEvidence } from './tableEvidence'
import { typedQuestion } from '../retrieve/typedQuestion'
import { ordinalWord, withoutOrdinal } from '../generate/extractive/nthItem'
import { searchTerms } from '../retrieve/index/tokenize'

export interface FoundSources {
  /** The question as read: its chat shorthand written out (`typedQuestion`), what the answerer is handed. */
  question: string
  intent: SearchIntent
  queries_used: string[]
  /** `hybrid`, `vector`, `bm25`, or `none` when nothing was searched (small talk). */
  search_method: string
  sources: SourceDocument[]
  /** Why vectors were not used although asked for; null otherwise. */
  search_note: string | null
  /** Small talk the extractive answerer should greet instead of answering from passages. */
  greeting: boolean
  /**
   * For a model: each passage within the text of its page, by chunk id (`citedPageTexts`). Empty for the
   * extractive answerer, which quotes the passages themselves.
   */
  pageTexts: ReadonlyMap<string, string>
  /**
   * The question as answered (its best stand-alone form, `queries_used[0]`), read once with the
   * collection's defined terms: what every answer generator is handed (DESIGN.md section 12).
   */
  understanding: QuestionUnderstanding
  /** What each source's document says about itself (`SearchChunksResult.documentWords`). */
  documentWords: ReadonlyMap<string, ReadonlySet<string>>
}

export interface FindSourcesInput {
  question: string
  history: readonly ChatTurn[]
  /**
   * The document the conversation's last reply answered from (`answeredFrom`): a follow-up that names
   * no document of its own is answered from it first. Absent or null: none.
   */
  answeredFrom?: string | null
  collectionId: string | null
  topK: number
  hybrid: boolean
  generatorId: string
  signal?: AbortSignal
}

/**
 * The retrieval half of answering: intent, the question rewritten against the conversation so far
 * when it is a follow-up, the search, and the hits numbered as the answer will cite them.
 */
export async function findSources(ports: SearchChunksPorts, input: FindSourcesInput): Promise<FoundSources> {
  // "wat is CMI", "how many ppl": every reader below sees the words the shorthand stands for.
  const question = typedQuestion(input.question)
  const history = input.history.map((turn) =>
    turn.role === 'user' ? { ...turn, content: typedQuestion(turn.content) } : turn,
  )
  const intent = classifyIntent(question, history)
  // Small talk needs no passages; the extractive answerer would only say it found none.
  const greeting = intent.kind === 'chat' && input.generatorId === 'extractive'
  if (greeting) {
    return {
      question,
      intent,
      queries_used: [],
      search_method: 'none',
      sources: [],
      search_note: null,
      greeting,
      pageTexts: new Map(),
      understanding: understandQuestion(question),
      documentWords: new Map(),
    }
  }
  // A follow-up keeps the previous question's kind and subject and changes only what it names.
  const followUp = followUpQuestion(question, history)
  const rewritten = rewriteQuery(question, history)
  const asked = followUp ? [followUp, ...rewritten.filter((query) => query !== followUp)] : rewritten
  // "What's the 4th postulate": the list of postulates is searched for as well as the question's words.
  const listed = withoutOrdinal(asked[0] ?? question)
  // "Who attended the pta meeting": the minutes' "Present:" line is searched for as well.
  const attendance = attendanceQuery(asked[0] ?? question)
  const queries = [...asked, ...(listed ? [listed] : []), ...(attendance ? [attendance] : [])]
  const request = {
    queries,
    collectionIds: input.collectionId ? [input.collectionId] : undefined,
    topK: Math.max(input.topK, EVIDENCE_POOL),
    hybrid: input.hybrid,
    readsOpening: readsOpening(queries[0] ?? question),
    signal: input.signal,
  }
  let found = await searchChunks(ports, request)
  // "which license does ripgrep use": a word none of the passages to be shown prints in any form is
  // searched again in its other forms too ("licensed", which the README's lede prints).
  const formed = otherFormsQuery(
    queries[0] ?? question,
    found.chunks.slice(0, input.topK).map(({ chunk }) => chunk.text),
  )
  let searched = queries
  if (formed !== null) {
    const again = await searchChunks(ports, { ...request, queries: [...queries, formed.query] })
    // Kept where a passage to be shown prints a form beside the ask's other words: "need" searched as
    // "needs" finds any passage that needs something.
    if (again.chunks.slice(0, input.topK).some(({ chunk }) => formed.answers(chunk.text))) {
      found = again
      searched = [...queries, formed.query]
    }
  }
  const pool = found.chunks.map((hit, i) => foundSource(hit, i + 1))
  // Read once by search, with the collection's defined terms (queries[0], the question as answered).
  // A follow-up searched as its rewrite: the words it typed are what it asks anew.
  const typed = new Set(searchTerms(question))
  const read =
    queries[0] === question
      ? found.understanding
      : { ...found.understanding, carried: found.understanding.terms.filter((term) => !typed.has(term)) }
  // "4th" in "the 4th postulate" is a place in a list, not a name its passages must print.
  const understanding = listed ? { ...read, names: read.names.filter((name) => !ordinalWord(name)) } : read
  const documentWords = abbreviationsByDocument(pool, understanding, found.documentWords)
  const reading = { store: ports.store.chunks, pool, understanding, documentWords }
  const tables = await tableEvidence(reading)
  // "and the year before?": asked of the document the reply before answered from.
  const leaning = history.length > 0 && isFollowUp(question) ? (input.answeredFrom ?? null) : null
  const ranked = evidenceFirst([...pool, ...tables], understanding, documentWords, input.topK, leaning)
  // A summary question is answered from the named document's opening: its passages go first.
  // So is a question of what a release changed, from the changelog's passages under its heading.
  const gist = await documentGist(reading)
  const opening = gist.length > 0 ? gist : await releaseSection(reading, input.topK)
  const opened =
    opening.length === 0
      ? ranked
      : [
          ...opening,
          ...ranked.filter((source) => !opening.some((first) => first.chunk_id === source.chunk_id)),
        ]
          .slice(0, input.topK)
          .map((source, i) => ({ ...source, number: i + 1 }))
  // A list a page break cut goes on in the passage at the top of the next page.
  const sources = await listContinued(reading, opened)
  return {
    question,
    intent,
    queries_used: queriesSearched(searched, found),
    search_method: found.method,
    sources,
    search_note: found.fallback_reason,
    greeting,
    pageTexts:
      input.generatorId === 'extractive' ? new Map() : await citedPageTexts(ports.store.chunks, sources),
    understanding,
    documentWords,
  }
}

export const GREETING =
  'Hello! Ask me anything about your documents and I will answer from them, citing the passages I used.'
