import { namingWords } from '../../retrieve/documentScope'
import type { QuestionUnderstanding } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { documentOwnWords } from './documentOwnWords'
import { wordForm } from './matchWord'

/**
 * The sources of the document a question points at ("… per the git demystified talk", "in the dmca
 * summary": `QuestionUnderstanding.scope`), known by what the document says about itself (its file
 * name, title and opening: `AnswerSource.about`) holding every word of the pointer but its kind ("talk");
 * empty when the question points at none or no source's document is the one named. Another document's
 * look-alike ("Below are two alternative ways for installing it:" in a FAQ) does not answer a question
 * about this one.
 */
export function pointedSources(
  sources: readonly AnswerSource[],
  understanding: Pick<QuestionUnderstanding, 'scope'>,
): AnswerSource[] {
  const named = namingWords(understanding.scope).map(wordForm)
  if (named.length === 0) return []
  return sources.filter((source) => {
    const own = new Set([...documentOwnWords(source)].map(wordForm))
    return named.every((word) => own.has(word))
  })
}
