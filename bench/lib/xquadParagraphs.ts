import { readdir, readFile } from 'node:fs/promises'
import { corpusFile } from './corpusFile'
import type { PlainPassage } from './plainBm25'

const DOCS = 'qa/xquad-en/docs'

/**
 * The xquad-en articles' source paragraphs, read straight from the Markdown files: blocks between
 * blank lines, headings left out. What the plain baseline ranks on xquad-en (no parser, no chunker).
 */
export async function xquadParagraphs(): Promise<PlainPassage[]> {
  const dir = corpusFile(DOCS)
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort()
  const passages: PlainPassage[] = []
  for (const name of names) {
    const blocks = (await readFile(`${dir}/${name}`, 'utf8')).split(/\n\s*\n/u)
    blocks
      .map((block) => block.trim())
      .filter((block) => block !== '' && !block.startsWith('#'))
      .forEach((text, i) => passages.push({ id: `${name}#p${i}`, text }))
  }
  return passages
}
