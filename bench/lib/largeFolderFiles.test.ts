import { describe, expect, it } from 'vitest'
import { largeFolderFiles } from './largeFolderFiles'

const articles = [
  {
    title: 'Warsaw',
    sentences: ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.', 'Seven.', 'Eight.', 'Nine.', 'Ten.'],
  },
  { title: 'Normans (the people)', sentences: ['Alpha.', 'Beta.', 'Gamma.', 'Delta.'] },
]

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes)

describe('largeFolderFiles', () => {
  it('makes the asked documents, each its title then the asked paragraphs of its own sentences', () => {
    const files = largeFolderFiles(articles, { documents: 6, paragraphs: 7, seed: 1 })
    expect(files).toHaveLength(6)
    for (const file of files) {
      expect(file.name).toMatch(/^\d{4} (Warsaw|Normans the people)\.txt$/u)
      const [title, ...paragraphs] = text(file.bytes).trim().split('\n\n')
      const article = articles.find((candidate) => candidate.title === title)!
      expect(article).toBeDefined()
      expect(paragraphs).toHaveLength(7)
      for (const paragraph of paragraphs) {
        const sentences = paragraph.split(' ')
        expect(sentences.length).toBeGreaterThanOrEqual(Math.min(4, article.sentences.length))
        expect(sentences.length).toBeLessThanOrEqual(9)
        // Consecutive sentences of its article.
        const start = article.sentences.indexOf(sentences[0]!)
        expect(article.sentences.slice(start, start + sentences.length)).toEqual(sentences)
      }
    }
    expect(new Set(files.map((file) => file.name)).size).toBe(6)
  })

  it('gives the same bytes for the same seed and others for another', () => {
    const one = largeFolderFiles(articles, { documents: 3, paragraphs: 5, seed: 44 })
    const again = largeFolderFiles(articles, { documents: 3, paragraphs: 5, seed: 44 })
    const other = largeFolderFiles(articles, { documents: 3, paragraphs: 5, seed: 45 })
    expect(again.map((file) => text(file.bytes))).toEqual(one.map((file) => text(file.bytes)))
    expect(other.map((file) => text(file.bytes))).not.toEqual(one.map((file) => text(file.bytes)))
  })

  it('refuses articles without sentences', () => {
    expect(() => largeFolderFiles([], { documents: 1, paragraphs: 1, seed: 1 })).toThrow(/articles/u)
    expect(() =>
      largeFolderFiles([{ title: 'Empty', sentences: [] }], { documents: 1, paragraphs: 1, seed: 1 }),
    ).toThrow(/articles/u)
  })
})
