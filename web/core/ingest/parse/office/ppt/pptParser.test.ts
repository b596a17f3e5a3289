import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ParseError } from '../../../ParseError'
import { corpusDir } from '../../../../testing/corpusDir'
import { pptParser } from './pptParser'

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url))
const corpus = (name: string) => new Uint8Array(readFileSync(`${corpusDir(process.env, repoRoot)}/${name}`))

describe('pptParser', () => {
  // The legacy sample is the docling pptx saved as PowerPoint 97-2003: three slides, a table on
  // the first, notes on the second and third. Its text lives in the slides' drawings, not in the
  // SlideListWithText, so it is found through the persist directory.
  it('reads the PowerPoint 97-2003 sample: slides, table, lists, notes', async () => {
    const doc = await pptParser.parse(corpus('ppt/docling__legacy_sample.ppt'), {})
    expect(doc.pages).toBe(3)
    expect(doc.blocks.filter((b) => b.kind === 'slide').map((b) => b.text)).toEqual([
      'Test Table Slide',
      'Second slide title',
      'Slide 3',
    ])
    expect(doc.blocks).toContainEqual({
      kind: 'list',
      text: 'Let’s introduce a list\nWith foo\nBar\nAnd baz things',
      page: 2,
      headingPath: ['Second slide title'],
    })
    expect(doc.blocks.filter((b) => b.kind === 'note').map((b) => [b.page, b.text])).toEqual([
      [2, 'Some notes on the second slide.'],
      [3, 'Final notes on the third slide.\nSecond line of notes.'],
    ])
    const table = doc.blocks.find((block) => block.kind === 'table')
    expect(table?.page).toBe(1)
    expect(table?.rows?.[0]).toEqual(['', 'Class1', 'Class2'])
    expect(table?.rows).toContainEqual(['R1', 'True', 'False', '', 'False', 'True', 'True'])
    // Master placeholders ("Click to edit Master title style") are not slide text.
    expect(doc.blocks.some((block) => block.text.includes('Click to edit'))).toBe(false)
    for (const block of doc.blocks) expect(block.page).toBeGreaterThanOrEqual(1)
  })

  it('rejects a Word file and random bytes as corrupt', async () => {
    for (const bytes of [corpus('doc/docling__legacy_sample.doc'), new Uint8Array(100).fill(1)]) {
      const error = await pptParser.parse(bytes, {}).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ParseError)
      expect((error as ParseError).code).toBe('corrupt')
    }
  })
})
