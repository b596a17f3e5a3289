import { splitSentences } from '../ingest/chunk/splitSentences'
import { namingWords } from '../retrieve/documentScope'
import { bestFitPerSource } from '../generate/extractive/bestFitPerSource'
import { definitionQuestion } from '../generate/extractive/definitionQuestion'
import { roleHolderLine } from '../generate/extractive/nameBesideRole'
import { sourceMentions } from '../generate/extractive/sourceMentions'
import { tableFigures } from '../generate/extractive/tableFigures'
import type { QuestionUnderstanding } from '../retrieve/understandQuestion'
import type { SourceDocument } from './SourceDocument'
import { toAnswerSource } from './toAnswerSource'

/**
 * How many of search's best passages are read for evidence before `topK` of them are shown. Search
 * ranks a passage by its words; the question's understanding sees more (a table row with the asked
 * quantity in the asked year; every name the question uses). The answer passage is often just below
 * the fifth place (financebench-dev natural questions, tuning half: page hit@5 0.33, @20 0.58, @50 0.81).
 */
export const EVIDENCE_POOL = 30
/** Table passages with a fitting cell put first, at most: the rest of the places stay search's. */
const FIGURE_PLACES = 2
/** Passages with a line naming someone beside the role a "who" question asks for, put first, at most. */
const PERSON_PLACES = 2
/** Passages with a sentence that defines what a "what is X" question asks about, put first, at most. */
const DEFINITION_PLACES = 2

/**
 * The `topK` passages to answer from, out of search's ranked pool, read with the question's
 * understanding: first the passages holding a table cell that answers a figure question (the row of
 * the asked quantity, the column of the asked period, as the answerer chooses it) or a line naming
 * someone beside the role a "who" question asks for (`roleHolderLine`), or a sentence defining what a
 * "what is X" question asks about (`definitionQuestion`: "Lambda: A callback…", "Such boxes are known
 * as Tofu"), then every
 * passage that names all the names the question uses ("CEO" and "Nike"), then the others, each group
 * in search's order. Where the question names a document ("the columbia 'a-ha' study":
 * `QuestionUnderstanding.scope`) and some of the pool's documents hold every word of that name, only
 * their passages are put first and theirs go before the rest: a passage of another document that
 * shares the question's other words ("people", "many") is not the named one's. Renumbered from 1. The
 * same for every answerer: a model reads the same evidence.
 *
 * A follow-up that names no document ("and the year before?") is asked of `leaning`, the document the
 * reply before answered from: its passages go first the same way, where they print every name the
 * question uses (a follow-up that names another thing, "what about Brown?", may be of another
 * document).
 */
export function evidenceFirst(
  pool: readonly SourceDocument[],
  understanding: QuestionUnderstanding,
  documentWords: ReadonlyMap<string, ReadonlySet<string>>,
  topK: number,
  leaning: string | null = null,
): SourceDocument[] {
  if (pool.length <= topK && understanding.wants !== 'figure' && leaning === null) return [...pool]
  const sources = pool.map((source) => toAnswerSource(source, undefined, documentWords))
  const mentions = sourceMentions(sources, understanding)
  const chosen: SourceDocument[] = []
  const byNumber = new Map(pool.map((source) => [source.number, source]))
  const named =
    namedDocuments(pool, understanding, mentions) ?? leanedOn(pool, understanding, mentions, leaning)
  const inNamed = (number: number) => named === null || named.has(byNumber.get(number)!.document_id)
  if (understanding.wants === 'figure') {
    const fits = bestFitPerSource(understanding, tableFigures(sources), mentions)
    const placed = fits.filter(({ number }) => inNamed(number))
    for (const { number } of placed.slice(0, FIGURE_PLACES)) chosen.push(byNumber.get(number)!)
  }
  if (understanding.wants === 'person') {
    const holders = sources.filter(
      ({ number, text }) =>
        inNamed(number) &&
        understanding.names.every((name) => mentions(number, name)) &&
        text
          .split(/\r\n?|\n/u)
          .some((line) => roleHolderLine(line.replace(/\s+/gu, ' ').trim(), understanding)),
    )
    for (const { number } of holders.slice(0, PERSON_PLACES)) chosen.push(byNumber.get(number)!)
  }
  const definition = definitionQuestion(understanding.ask)
  if (definition) {
    const defining = sources.filter(
      ({ number, text }) => inNamed(number) && definesIn(text, definition.defines),
    )
    for (const { number } of defining.slice(0, DEFINITION_PLACES)) {
      const source = byNumber.get(number)!
      if (!chosen.includes(source)) chosen.push(source)
    }
  }
  const namesAll = (source: SourceDocument) =>
    understanding.names.every((name) => mentions(source.number, name))
  const rest = pool.filter((source) => !chosen.includes(source))
  for (const group of [
    rest.filter(({ number }) => inNamed(number)),
    rest.filter(({ number }) => !inNamed(number)),
  ])
    chosen.push(...group.filter(namesAll), ...group.filter((source) => !namesAll(source)))
  return chosen.slice(0, topK).map((source, i) => ({ ...source, number: i + 1 }))
}

/**
 * The pool's documents that hold, in one of their passages or in what they say about themselves,
 * every word of the document the question names but its kind ("columbia", "ha" of "the columbia
 * 'a-ha' study"); null where the question names none, or where no document or every one holds them
 * (then the name does not tell the pool's documents apart).
 */
function namedDocuments(
  pool: readonly SourceDocument[],
  understanding: QuestionUnderstanding,
  mentions: (source: number, term: string) => boolean,
): Set<string> | null {
  const words = namingWords(understanding.scope)
  if (words.length === 0) return null
  const documents = new Set(pool.map((source) => source.document_id))
  const named = new Set(
    [...documents].filter((id) =>
      words.every((word) =>
        pool.some((source) => source.document_id === id && mentions(source.number, word)),
      ),
    ),
  )
  return named.size === 0 || named.size === documents.size ? null : named
}

/**
 * `leaning` as the named document, where the pool holds its passages, they print every name the
 * question uses, and the pool holds another document's (else putting it first changes nothing).
 */
function leanedOn(
  pool: readonly SourceDocument[],
  understanding: QuestionUnderstanding,
  mentions: (source: number, term: string) => boolean,
  leaning: string | null,
): Set<string> | null {
  if (leaning === null) return null
  const own = pool.filter((source) => source.document_id === leaning)
  if (own.length === 0 || own.length === pool.length) return null
  const printsAll = understanding.names.every((name) => own.some((source) => mentions(source.number, name)))
  return printsAll ? new Set([leaning]) : null
}

/** Whether a line of `text`, or a sentence of one, defines the subject. */
function definesIn(text: string, defines: (sentence: string) => boolean): boolean {
  return text.split(/\r\n?|\n/u).some((raw) => {
    const line = raw.replace(/\s+/gu, ' ').trim()
    return (
      line !== '' && splitSentences(line).some((span) => defines(line.slice(span.start, span.end).trim()))
    )
  })
}
