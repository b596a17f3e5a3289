import { readdirSync, readFileSync } from 'node:fs'

/** One paragraph of an xquad-en article: its file, its place among the article's paragraphs, its title. */
export interface ArticleParagraph {
  file: string
  index: number
  heading: string | null
  text: string
}

/**
 * Each xquad-en article (`<xquad>/docs/*.md`, in name order) split at blank lines into paragraphs,
 * each under the article's `#` title: the index tests' chunks, made without the ingest pipeline.
 */
export function xquadArticleParagraphs(xquad: string): ArticleParagraph[] {
  const paragraphs: ArticleParagraph[] = []
  for (const file of readdirSync(`${xquad}/docs`).sort()) {
    let heading: string | null = null
    let index = 0
    for (const block of readFileSync(`${xquad}/docs/${file}`, 'utf8').split(/\n\s*\n/u)) {
      const text = block.trim()
      const title = /^#\s+(.*)$/u.exec(text)
      if (title) heading = title[1]!
      if (title || text === '') continue
      paragraphs.push({ file, index: index++, heading, text })
    }
  }
  return paragraphs
}
