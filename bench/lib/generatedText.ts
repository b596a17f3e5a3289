import { concatBytes } from '../../web/core/kernel/bytes/concatBytes'
import { seededRandom } from '../../web/core/testing/seededRandom'
import type { ArticleSentences } from './ArticleSentences'

/**
 * About `bytes` bytes of UTF-8 plain text (a little more: the last paragraph is whole) made of real
 * prose: paragraphs of 3 to 8 consecutive sentences of a randomly drawn xquad-en article, separated
 * by blank lines, drawn with a seeded generator so every run uploads the same text. What a long
 * report or a book exported as .txt looks like to the text parser and the chunker.
 */
export function generatedText(
  articles: readonly ArticleSentences[],
  bytes: number,
  seed = 14,
): Uint8Array<ArrayBuffer> {
  if (articles.length === 0) throw new Error('no articles to draw sentences from')
  const next = seededRandom(seed)
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = []
  let size = 0
  while (size < bytes) {
    const article = articles[Math.floor(next() * articles.length)]!
    const length = 3 + Math.floor(next() * 6)
    const start = Math.floor(next() * Math.max(1, article.sentences.length - length))
    const paragraph = encoder.encode(`${article.sentences.slice(start, start + length).join(' ')}\n\n`)
    parts.push(paragraph)
    size += paragraph.length
  }
  return concatBytes(parts)
}
