import { seededRandom } from '../../web/core/testing/seededRandom'
import type { ArticleSentences } from './ArticleSentences'
import type { FolderFile } from './browserBenchFolder'

export interface LargeFolderOptions {
  /** Documents to make. */
  documents: number
  /** Paragraphs per document (4 to 9 sentences each, about 1.4 passages). */
  paragraphs: number
  seed: number
}

const MIN_SENTENCES = 4
const MAX_SENTENCES = 9

/**
 * A folder of plain-text documents of real prose for the browser's large case (issue 44: 200 documents,
 * 100k passages): each document takes one article at random, its title as the first line, then
 * `paragraphs` runs of 4 to 9 consecutive sentences of it, a blank line between. The chunker cuts about 1.4
 * passages from a paragraph (200 documents of 500: 138,692), the same on both hosts. Seeded, so every run and both
 * hosts get the same bytes. As with `syntheticChunks`, 24 articles make every sentence recur in thousands
 * of passages: a pessimistic case for keyword search (long posting lists), a neutral one for vectors.
 */
export function largeFolderFiles(
  articles: readonly ArticleSentences[],
  { documents, paragraphs, seed }: LargeFolderOptions,
): FolderFile[] {
  if (articles.length === 0 || articles.some((article) => article.sentences.length === 0))
    throw new Error('a large folder needs articles with sentences')
  const next = seededRandom(seed)
  const pick = (n: number) => Math.floor(next() * n)
  const encoder = new TextEncoder()
  const files: FolderFile[] = []
  for (let document = 0; document < documents; document++) {
    const article = articles[pick(articles.length)]!
    const blocks = [article.title]
    for (let paragraph = 0; paragraph < paragraphs; paragraph++) {
      const length = MIN_SENTENCES + pick(MAX_SENTENCES - MIN_SENTENCES + 1)
      const start = pick(Math.max(1, article.sentences.length - length + 1))
      blocks.push(article.sentences.slice(start, start + length).join(' '))
    }
    const name = `${String(document + 1).padStart(4, '0')} ${article.title.replace(/[^\w -]/gu, '')}.txt`
    files.push({ name, bytes: encoder.encode(`${blocks.join('\n\n')}\n`) })
  }
  return files
}
