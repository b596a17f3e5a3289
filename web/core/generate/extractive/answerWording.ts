import type { AnswerSource } from '../AnswerGenerator'
import { UNSPACED_SCRIPT } from './unspacedScript'

/** The answer when retrieval found nothing: no passage, nothing to quote. */
export function noSourcesText(): string {
  return (
    'No documents matched this question, so there is nothing to answer from. ' +
    'Try other words, or check that the collection has documents that finished processing.'
  )
}

/**
 * The answer when the passages found do not answer the question. It says what was searched (how many
 * passages, from which files) and, where some of the question's words occur in none of them, which,
 * so the person can tell a missing topic from a question worded differently from the documents.
 */
export function noAnswerText(sources: readonly AnswerSource[], missing: readonly string[]): string {
  const passages = sources.length === 1 ? 'the one passage' : `the ${sources.length} passages`
  const searched = `I searched ${passages} that best matched the question, from ${listFiles(sources)}`
  const why =
    missing.length > 0
      ? `, and ${sources.length === 1 ? 'it does not mention' : 'none of them mentions'} ${quoteList(joinBigrams(missing).slice(0, 5))}.`
      : `, but no sentence in ${sources.length === 1 ? 'it' : 'them'} answers it.`
  return `The documents do not contain the answer to this question. ${searched}${why}`
}

/**
 * Search terms of unspaced scripts are overlapping character bigrams ("火星", "星上", "上有"); shown
 * to a person they read better joined back into the run they came from ("火星上有").
 */
function joinBigrams(terms: readonly string[]): string[] {
  const shown: string[] = []
  for (const term of terms) {
    const last = shown.at(-1)
    const characters = [...term]
    if (
      last !== undefined &&
      characters.length === 2 &&
      [...last].at(-1) === characters[0] &&
      UNSPACED_SCRIPT.test(term)
    ) {
      shown[shown.length - 1] = last + characters[1]
    } else {
      shown.push(term)
    }
  }
  return shown
}

function listFiles(sources: readonly AnswerSource[]): string {
  const files = [...new Set(sources.map((source) => source.filename))]
  if (files.length <= 3) return joinWords(files)
  return `${files.slice(0, 3).join(', ')} and ${files.length - 3} more ${files.length - 3 === 1 ? 'file' : 'files'}`
}

function quoteList(words: readonly string[]): string {
  return joinWords(
    words.map((word) => `“${word}”`),
    'or',
  )
}

function joinWords(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`
}
