import { DECK_FILE } from '../generate/extractive/deckFile'
import { deckOpening, gistSentences } from '../generate/extractive/documentGistText'
import { AUTHORSHIP_CUES, authorshipQuestion } from '../generate/extractive/authorshipQuestion'
import { DATE_CUES, documentDateQuestion } from '../generate/extractive/documentDate'
import { eventPlaceQuestion } from '../generate/extractive/eventPlace'
import { namedFileKind, SUMMARY_CUES, summaryQuestion } from '../generate/extractive/summaryQuestion'
import { looseWords } from '../generate/extractive/looseWords'
import { gluedWord } from '../retrieve/gluedWord'
import { wordForm } from '../generate/extractive/wordForms'
import { AUDIENCE_ASK } from '../retrieve/understandQuestion'
import { isDocumentKind } from '../retrieve/documentScope'
import type { PoolReading } from './PoolReading'
import type { SourceDocument } from './SourceDocument'
import { storedSource } from './storedSource'

/** The document's passages put first: its title and the passages that hold its gist. */
const OPENING_PASSAGES = 4
/**
 * The document's passages read for its gist, from its start: its lede, abstract, syllabus or
 * introduction, and enough of what follows (past a title page and a table of contents) to tell which
 * words it keeps naming.
 */
const READ_PASSAGES = 30
/** A question's word in a document's file name names it this many times as surely as one in its opening. */
const FILE_NAME_WEIGHT = 2
/** What a word for a kind of document held adds: less than any word of a subject held. */
const KIND_WORD_WEIGHT = 0.5
/** A byline is in this many first passages: a page's running header ("Guidelines") may be the first. */
const BYLINE_PASSAGES = 3

/**
 * For a question that asks what a document is about (`summaryQuestion`), the opening passages of that
 * document, in document order, to put before search's: a document's own gist (abstract, lede,
 * introduction, a deck's title slide) is in its opening, which rarely shares words with "what is the
 * blog post about". The document is the one among search's passages whose file name and opening
 * (`documentWords`) hold most of the question's words (by their letters), the words that ask for a
 * summary aside ("summarize", "gist": `SUMMARY_CUES`); on a tie, one of the kind of file the question
 * names ("the slides", "the pdf"), then search's best. For a question that asks who wrote a document
 * (`authorshipQuestion`), when its talk was (`documentDateQuestion`) or where (`eventPlaceQuestion`), its first BYLINE_PASSAGES
 * passages, where the byline and the date are. Empty for any other question.
 */
/**
 * Whether a question asks what a document's opening holds: its gist (`summaryQuestion`), who wrote it
 * (`authorshipQuestion`), when its talk was (`documentDateQuestion`) or where (`eventPlaceQuestion`).
 */
export function readsOpening(ask: string): boolean {
  return (
    summaryQuestion(ask) ||
    AUDIENCE_ASK.test(ask) ||
    authorshipQuestion(ask) ||
    documentDateQuestion(ask) ||
    eventPlaceQuestion(ask)
  )
}

export async function documentGist({
  store,
  pool,
  understanding,
  documentWords,
}: PoolReading): Promise<SourceDocument[]> {
  // "Who is the fedramp guide for": whom it is written for is said where its gist is, in its opening.
  const summary =
    summaryQuestion(
      understanding.ask,
      pool.map((source) => source.filename),
    ) || AUDIENCE_ASK.test(understanding.ask)
  // "When was the broadband talk" is answered where a byline is, on the title slide.
  const byline =
    !summary &&
    (authorshipQuestion(understanding.ask) ||
      documentDateQuestion(understanding.ask) ||
      eventPlaceQuestion(understanding.ask))
  if ((!summary && !byline) || pool.length === 0) return []
  const asked = [...looseWords(understanding.ask)].filter(
    (term) => !SUMMARY_CUES.has(term) && !AUTHORSHIP_CUES.has(term) && !DATE_CUES.has(term),
  )
  const kind = namedFileKind(understanding.ask)
  const wordsOf = new Map<string, Set<string>>()
  for (const source of pool) {
    if (wordsOf.has(source.document_id)) continue
    wordsOf.set(
      source.document_id,
      new Set([
        ...looseWords(source.filename.replace(/[_.-]+/gu, ' ')),
        ...(documentWords.get(source.document_id) ?? []),
      ]),
    )
  }
  // A word few of the documents hold names one more surely ("bbc" against "story" and "obama").
  const rarity = new Map(
    asked.map((term) => {
      const holders = [...wordsOf.values()].filter((words) => words.has(term)).length
      return [term, Math.log(1 + wordsOf.size / Math.max(1, holders))]
    }),
  )
  // A word held as typed names a document more surely than another form of it does ("evaluation" in one
  // title, "evaluate" in another document): its other forms count only where no document holds it so,
  // and not for the word for the kind of document ("slides": a deck's "Second slide" names no subject).
  const exact = new Set(
    asked.filter((term) => [...wordsOf.values()].some((words) => holdsExactly(words, term))),
  )
  let best: SourceDocument | null = null
  let bestHeld = -1
  for (const source of pool) {
    const words = wordsOf.get(source.document_id)!
    // Written together or apart ("medical news today", "medicalnewstoday.html"); a longer word held
    // names the document more surely than a short common one, and a rarer one than a word many hold.
    // A word of the file's name counts twice: "faq.html" is the FAQ a README's opening mentions.
    // A little for the kind named: it decides between documents that hold the same words.
    const named = looseWords(source.filename.replace(/[_.-]+/gu, ' '))
    const held =
      asked
        .filter((term) =>
          exact.has(term)
            ? holdsExactly(words, term)
            : !isDocumentKind(term) && [...words].some((word) => sameForm(term, word)),
        )
        .reduce((sum, term) => {
          const inName = named.has(term) || [...named].some((word) => gluedWord(term, word))
          // The word for the kind of document ("the tika DOCUMENT") names none by its subject, unless its
          // file is named so ("amt_handbook_sample.pdf"): elsewhere it tells apart only documents that hold
          // the same words otherwise.
          if (isDocumentKind(term) && !inName) return sum + KIND_WORD_WEIGHT
          return sum + term.length * (rarity.get(term) ?? 1) * (inName ? FILE_NAME_WEIGHT : 1)
        }, 0) + (kind?.test(source.filename) ? 0.5 : 0)
    if (held > bestHeld) {
      best = source
      bestHeld = held
    }
  }
  if (!best) return []
  const document = best
  const chunks = await store
    .listChunks({ documentId: document.document_id, limit: byline ? BYLINE_PASSAGES : READ_PASSAGES })
    .catch(() => [])
  const read = chunks.map((chunk, i) => storedSource(chunk, document, pool.length + i + 1))
  // "Who wrote it": the byline is under the title, in the opening passages (a running header first).
  if (byline) return read
  // A deck's gist is its title slide, its agenda and the titles of its slides on what it keeps naming:
  // one passage a slide title, in order.
  if (DECK_FILE.test(document.filename)) {
    const titled = read.filter(
      (source, i) => i === 0 || read.findIndex(({ heading }) => heading === source.heading) === i,
    )
    const chosen = new Set(
      deckOpening(
        titled.map((source) => ({ ...source, text: source.content })),
        OPENING_PASSAGES,
      ),
    )
    return titled.filter((source) => chosen.has(source.number))
  }
  // The passages that hold the gist's sentences, after the first (its title), in reading order.
  const gist = new Set(
    gistSentences(read.map((source) => ({ ...source, text: source.content }))).map(({ source }) => source),
  )
  const first = read.slice(0, 1)
  const holding = read.filter((source, i) => i > 0 && gist.has(source.number))
  const rest = read.filter((source, i) => i > 0 && !gist.has(source.number))
  return [...first, ...holding, ...rest].slice(0, OPENING_PASSAGES).sort((a, b) => a.number - b.number)
}

/** Whether a document's words hold a term as typed, alone or glued into one ("medicalnewstoday"). */
function holdsExactly(words: ReadonlySet<string>, term: string): boolean {
  return words.has(term) || [...words].some((word) => gluedWord(term, word))
}

/** A word too short to tell by its form: "use" and "user" would be one word. */
const FORM_MIN = 5

/** "refactoring" asked, "How We Refactor" the title: one word in two forms. */
function sameForm(term: string, word: string): boolean {
  return term.length >= FORM_MIN && word.length >= FORM_MIN && wordForm(term) === wordForm(word)
}
