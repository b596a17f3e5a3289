import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ParseError } from '../../../ParseError'
import { corpusDir } from '../../../../testing/corpusDir'
import { docParser } from './docParser'

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url))
const corpus = (name: string) => new Uint8Array(readFileSync(`${corpusDir(process.env, repoRoot)}/${name}`))

describe('docParser', () => {
  // The legacy sample is the docling word sample saved as Word 97-2003 (`strings` on its
  // WordDocument stream shows "Swimming in the lake", the duck food table and a SEQ field).
  it('reads the Word 97-2003 sample: headings, lists, a table, field results', async () => {
    const doc = await docParser.parse(corpus('doc/docling__legacy_sample.doc'), {})
    const text = doc.blocks.map((block) => block.text).join('\n')
    expect(text).toContain('To get started with swimming, first lay down in a water and try not to drown:')
    expect(text).toContain('Figure 1: This is a cute duckling')
    expect(text).not.toContain('SEQ')
    // Compressed (8-bit) text is Windows-1252: 0x92 is a right single quotation mark.
    expect(doc.blocks).toContainEqual({
      kind: 'heading',
      text: 'Let’s eat',
      level: 2,
      headingPath: ['Let’s swim!'],
    })
    expect(doc.title).toBe('Swimming in the lake')
    const table = doc.blocks.find((block) => block.kind === 'table')
    expect(table?.rows).toEqual([
      ['', 'Food', 'Calories per portion'],
      ['Leaves', 'Ash, Elm, Maple', '50'],
      ['Berries', 'Blueberry, Strawberry, Cranberry', '150'],
      ['Grain', 'Corn, Buckwheat, Barley', '200'],
    ])
    expect(table?.headingPath).toEqual(['Let’s swim!', 'Let’s eat'])
    expect(doc.blocks).toContainEqual({
      kind: 'list',
      text: 'Leaves\nBerries\nGrain',
      headingPath: ['Let’s swim!', 'Let’s eat'],
    })
  })

  it('rejects a DOCX or random bytes as corrupt rather than guessing', async () => {
    for (const bytes of [
      corpus('adversarial/uns__eng_spa_mult_really-docx.doc'),
      new Uint8Array(4096).fill(7),
    ]) {
      const error = await docParser.parse(bytes, {}).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ParseError)
      expect((error as ParseError).code).toBe('corrupt')
    }
  })

  it('rejects a compound file that is not a Word document', async () => {
    const error = await docParser
      .parse(corpus('ppt/docling__legacy_sample.ppt'), {})
      .catch((caught: unknown) => caught)
    expect((error as ParseError).code).toBe('corrupt')
  })

  it('says a Word 95 document is of a format not read, not that it is damaged', async () => {
    // The sample with its WordDocument header signed and numbered as Word 95 writes it (wIdent 0xA5DC, nFib 104).
    const bytes = corpus('doc/docling__legacy_sample.doc')
    const at = bytes.findIndex((byte, i) => byte === 0xec && bytes[i + 1] === 0xa5 && bytes[i + 2] === 0xc1)
    expect(at).toBeGreaterThan(0)
    bytes.set([0xdc, 0xa5, 0x68, 0x00], at)
    const error = await docParser.parse(bytes, {}).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ code: 'not_supported', message: expect.stringMatching(/Word 95/u) })
  })
})
