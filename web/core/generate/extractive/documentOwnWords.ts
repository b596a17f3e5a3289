import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'

/**
 * The search terms a source's document says about itself: those of its file name, title and opening
 * (`AnswerSource.about`, from search), with its file name's own where search said nothing (a web page,
 * a passage read back from the store). What a question names the document by ("the depd changelog",
 * "in the dmca summary") is looked for here, not in the passage: a passage of another document may
 * mention the name.
 */
export function documentOwnWords(source: Pick<AnswerSource, 'filename' | 'about'>): Set<string> {
  return new Set([...(source.about ?? []), ...tokenize(source.filename.replace(/[_.-]+/gu, ' '))])
}
