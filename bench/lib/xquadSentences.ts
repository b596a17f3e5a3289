import { readdir, readFile } from 'node:fs/promises'
import type { ArticleSentences } from './ArticleSentences'
import { corpusFile } from './corpusFile'
import { splitSentences } from './splitSentences'

const DOCS = 'qa/xquad-en/docs'
const ARTICLES = 24

/**
 * The 24 xquad-en articles as titles and sentences, in file-name order: each file's `# ` line is its
 * title, the other paragraphs are split into sentences. Throws unless the corpus holds exactly those
 * 24 articles, each with sentences, so numbers from different corpora are never compared by mistake.
 */
export async function xquadSentences(): Promise<ArticleSentences[]> {
  const dir = corpusFile(DOCS)
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  if (names.length !== ARTICLES) {
    throw new Error(`expected ${ARTICLES} articles in ${dir}, found ${names.length}`)
  }
  const articles: ArticleSentences[] = []
  for (const name of names) {
    const blocks = (await readFile(`${dir}/${name}`, 'utf8')).split(/\n\s*\n/u).map((block) => block.trim())
    const title =
      blocks
        .find((block) => block.startsWith('# '))
        ?.slice(2)
        .trim() ?? name
    const sentences = blocks.filter((block) => block !== '' && !block.startsWith('#')).flatMap(splitSentences)
    if (sentences.length === 0) throw new Error(`${name}: no sentences`)
    articles.push({ title, sentences })
  }
  return articles
}
