import type { AnswerSource } from '../generate/AnswerGenerator'

/**
 * A passage as search hands it to an answerer, for tests: numbered, with its own chunk id, a score of 1,
 * and whatever the test names; the document is its file's name unless the test says otherwise.
 */
export function answerSource(number: number, text: string, fields: Partial<AnswerSource> = {}): AnswerSource {
  const filename = fields.filename ?? 'document.pdf'
  return {
    number,
    chunk_id: `c${number}`,
    document_id: filename,
    filename,
    page: null,
    heading: null,
    text,
    score: 1,
    ...fields,
  }
}

/** For tests: a passage of a named file, under a heading when one is given. */
export function fileSource(
  number: number,
  text: string,
  filename: string,
  heading: string | null = null,
): AnswerSource {
  return answerSource(number, text, { filename, heading })
}
