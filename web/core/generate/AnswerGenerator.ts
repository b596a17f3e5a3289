import type { QuestionUnderstanding } from '../retrieve/understandQuestion'
import type { ChatTurn } from './ChatModel'

/** One retrieved passage as the generator sees it; `number` is what the answer cites as `[number]`. */
export interface AnswerSource {
  number: number
  chunk_id: string
  document_id: string
  filename: string
  page: number | null
  heading: string | null
  text: string
  score: number
  /**
   * What the passage's document says about itself (the search terms of its file name, title and
   * opening page): a name the question uses counts as mentioned when the document names it there.
   */
  about?: ReadonlySet<string>
  /** A web page's address (a "search the web" source); absent for document passages. */
  url?: string
  /**
   * The passage within the text of its page (clipped around it), for a model to read in its place: the
   * row label or column year a figure needs is often on the page, not in the passage. Absent when the
   * passage has no page or the answerer quotes passages (extractive).
   */
  pageText?: string
}

export interface AnswerRequest {
  question: string
  /** Earlier turns of the session, oldest first, without the current question. */
  history: ChatTurn[]
  /** Best first, numbered from 1. */
  sources: AnswerSource[]
  /**
   * The question as search read it (`understandQuestion`, with the collection's defined terms): its
   * ask, instructions, periods and names. Generators read it where it is given, else read the question.
   */
  understanding?: QuestionUnderstanding
  signal?: AbortSignal
}

/**
 * The answer port: text deltas of an answer that cites its sources as [n]. Implementations: the
 * extractive answerer (no model) and any ChatModel through `llmAnswerGenerator`. Chosen per settings
 * by `createAnswerGenerator`. Failures are GeneratorErrors; abort throws the signal's reason.
 */
export interface AnswerGenerator {
  readonly id: string
  answer(request: AnswerRequest): AsyncIterable<string>
}
