import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { corpusDir } from '../../testing/corpusDir'
import type { Block } from '../DocumentModel'
import { chunkDocument } from './chunkDocument'

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url))
const file = `${corpusDir(process.env, repoRoot)}/qa/xquad-en/docs/03_Nikola_Tesla.md`

/** Just enough Markdown for the corpus articles: `#` headings and blank-line-separated paragraphs. */
function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = []
  let path: string[] = []
  for (const raw of markdown.split(/\n\s*\n/u)) {
    const text = raw.trim()
    if (text === '') continue
    const heading = /^(#{1,6})\s+(.*)$/u.exec(text)
    if (heading) {
      const level = heading[1]!.length
      path = path.slice(0, level - 1)
      blocks.push({ kind: 'heading', text: heading[2]!, level, headingPath: [...path] })
      path.push(heading[2]!)
    } else {
      blocks.push({ kind: 'paragraph', text, headingPath: [...path] })
    }
  }
  return blocks
}

describe('chunkDocument over a real article', () => {
  const blocks = markdownBlocks(readFileSync(file, 'utf8'))
  const paragraphs = blocks.filter((block) => block.kind === 'paragraph')

  for (const options of [{}, { targetTokens: 128, maxTokens: 160, overlapTokens: 32 }]) {
    it(`keeps every sentence within maxTokens (${JSON.stringify(options)})`, () => {
      const chunks = chunkDocument({ blocks }, options)
      const max = options.maxTokens ?? 320
      expect(paragraphs.length).toBeGreaterThanOrEqual(5)
      expect(chunks.length).toBeGreaterThan(1)
      for (const chunk of chunks) {
        expect(chunk.tokenCount).toBeGreaterThan(0)
        expect(chunk.tokenCount).toBeLessThanOrEqual(max)
        expect(chunk.heading).toBe('Nikola Tesla')
      }
      expect(chunks[0]!.text.startsWith('Nikola Tesla\n\n')).toBe(true)
      const all = chunks.map((chunk) => chunk.text).join('\n')
      for (const paragraph of paragraphs) {
        for (const sentence of paragraph.text.split(/(?<=[.!?])\s+/u)) expect(all).toContain(sentence.trim())
      }
    })
  }
})
