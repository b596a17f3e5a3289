import type { AnswerSource } from '../generate/AnswerGenerator'
import { isWebSource, type CitedSource } from './CitedSource'

/** A cited source as the generator reads it; `pageTexts` (from `findSources`) adds a passage's page. */
export function toAnswerSource(
  source: CitedSource,
  pageTexts?: ReadonlyMap<string, string>,
  documentWords?: ReadonlyMap<string, ReadonlySet<string>>,
): AnswerSource {
  if (isWebSource(source)) {
    // A page is "a file" to the generators: its title names it, its URL says where it is.
    return {
      number: source.number,
      chunk_id: source.url,
      document_id: '',
      filename: source.title,
      page: null,
      heading: null,
      text: source.content,
      score: source.score,
      url: source.url,
    }
  }
  return {
    number: source.number,
    chunk_id: source.chunk_id,
    document_id: source.document_id,
    filename: source.filename,
    page: source.page,
    heading: source.heading,
    text: source.content,
    score: source.score,
    ...(pageTexts?.has(source.chunk_id) ? { pageText: pageTexts.get(source.chunk_id) } : {}),
    ...(documentWords?.has(source.document_id) ? { about: documentWords.get(source.document_id) } : {}),
  }
}
