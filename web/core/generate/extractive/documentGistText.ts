import { splitSentences } from '../../ingest/chunk/splitSentences'
import { tokenize } from '../../retrieve/index/tokenize'
import type { AnswerSource } from '../AnswerGenerator'
import { wordForm } from './matchWord'

/** A summary is this many words at most, citations aside: two or three sentences. */
export const GIST_WORDS = 80
const MAX_SENTENCES = 3
/** A sentence of the gist says something whole: shorter ones are bylines, captions or navigation. */
const MIN_WORDS = 8
const MAX_WORDS = 60
/** Sentences of an abstract, summary, introduction or overview weigh this much more. */
const OPENING_SECTION_BONUS = 0.5
/** Each later sentence weighs a little less: a lede comes first. */
const POSITION_DECAY = 0.04

const OPENING_SECTION = /\b(?:abstract|summary|syllabus|introduction|overview|purpose|about)\b/iu

/**
 * The gist of the document of the first source, in its own words: from its passages among `sources`
 * (its opening, which `documentGist` puts first), the sentence that best says what the title says (the
 * share of the title's words it holds; one of an abstract, summary or introduction first, an earlier one
 * before a later one) and the sentences that follow it, in reading order, each cited, at most
 * GIST_WORDS words.
 * Bylines, navigation, captions, questions and URLs are not sentences of a gist. Where the opening has no
 * such sentences (a deck), its title and section headings, joined. Empty when there is nothing to say.
 */
export function documentGistText(sources: readonly AnswerSource[]): string[] {
  const first = sources[0]
  if (!first) return []
  const own = sources.filter((source) => source.document_id === first.document_id)
  const titleLine =
    first.heading?.split(' > ')[0] ?? first.filename.replace(/\.[^.]+$/u, '').replace(/[_-]+/gu, ' ')
  const title = new Set(tokenize(titleLine).map(wordForm))
  const candidates: Array<{ text: string; source: number; order: number; score: number; words: number }> = []
  const headings: Array<{ text: string; source: number }> = []
  for (const source of own) {
    let opening = OPENING_SECTION.test(source.heading?.split(' > ').at(-1) ?? '')
    for (const raw of source.text.split(/\r\n?|\n/u)) {
      const line = raw.replace(/\s+/gu, ' ').trim()
      if (line === '') continue
      if (!/[.!?:;]["'”’)\]]*$/u.test(line) && line.split(' ').length <= 10 && !line.includes('|')) {
        headings.push({ text: line, source: source.number })
        // A heading line of its own ("Syllabus", "Introduction") says what the lines under it are.
        opening = OPENING_SECTION.test(line)
      }
      const abstract = opening || /^(?:abstract|summary)\b/iu.test(line)
      for (const span of splitSentences(line)) {
        const text = line.slice(span.start, span.end).trim()
        const words = text.split(' ').length
        if (words < MIN_WORDS || words > MAX_WORDS) continue
        if (!/^["“'‘(]?\p{Lu}/u.test(text) || !/[.!]["'”’)\]]*$/u.test(text)) continue
        if (/https?:\/\/|www\.|\|/u.test(text)) continue
        const terms = tokenize(text).map(wordForm)
        const held =
          title.size === 0 ? 0 : [...title].filter((term) => terms.includes(term)).length / title.size
        const order = candidates.length
        candidates.push({
          text,
          source: source.number,
          order,
          words,
          score: held + (abstract ? OPENING_SECTION_BONUS : 0) - POSITION_DECAY * order,
        })
      }
    }
  }
  // The best sentence, then the ones right after it: a lede or an abstract reads on.
  const anchor = [...candidates].sort((a, b) => b.score - a.score || a.order - b.order)[0]
  const chosen: typeof candidates = []
  let words = 0
  for (const candidate of anchor ? candidates.slice(anchor.order) : []) {
    if (chosen.length === MAX_SENTENCES || words + candidate.words > GIST_WORDS) break
    chosen.push(candidate)
    words += candidate.words
  }
  if (chosen.length === 0) {
    // A deck or a form: its title and section headings say what it is about.
    const shown = headings.slice(0, 6)
    if (shown.length === 0) return []
    return [`${shown.map(({ text }) => text).join('; ')} [${shown[0]!.source}]`]
  }
  return chosen
    .sort((a, b) => a.order - b.order)
    .map(({ text, source }, i) => `${i > 0 ? ' ' : ''}${text} [${source}]`)
}
