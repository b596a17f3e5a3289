import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { ParsedDocument } from '../../../DocumentModel'
import { corpusDir } from '../../../../testing/corpusDir'
import { docxParser } from './docxParser'
import { parseErrorOf } from '../../../../testing/parseErrorOf'

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url))
const corpus = (name: string) => new Uint8Array(readFileSync(`${corpusDir(process.env, repoRoot)}/${name}`))
const parse = (bytes: Uint8Array) => docxParser.parse(bytes, {})
const allText = (doc: ParsedDocument) => doc.blocks.map((block) => block.text).join('\n')

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
/** A minimal .docx around a w:body's inner XML (and optional styles). */
function docx(body: string, styles = ''): Uint8Array {
  return zipSync({
    'word/document.xml': strToU8(`<w:document ${W}><w:body>${body}</w:body></w:document>`),
    'word/styles.xml': strToU8(`<w:styles ${W}>${styles}</w:styles>`),
  })
}
const p = (text: string, pPr = '') => `<w:p><w:pPr>${pPr}</w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`

const parseError = (bytes: Uint8Array) => parseErrorOf(parse(bytes))

describe('docxParser on the corpus', () => {
  it('keeps the cells of a table row together (docling word sample)', async () => {
    const doc = await parse(corpus('docx/docling__word_sample.docx'))
    const table = doc.blocks.find((block) => block.kind === 'table')
    expect(table?.rows).toContainEqual(['Leaves', 'Ash, Elm, Maple', '50'])
    expect(table?.text).toContain('Berries | Blueberry, Strawberry, Cranberry | 150')
    expect(table?.headingPath).toEqual(['Let’s swim!', 'Let’s eat'])
    expect(doc.blocks).toContainEqual({
      kind: 'heading',
      text: 'Let’s eat',
      level: 2,
      headingPath: ['Let’s swim!'],
    })
    expect(doc.blocks.find((block) => block.kind === 'list')?.text).toBe(
      'You can relax and look around\nPaddle about\nEnjoy summer warmth',
    )
    // The figure caption's SEQ field shows its result, not its instruction.
    expect(allText(doc)).toContain('Figure 1: This is a cute duckling')
    expect(allText(doc)).not.toContain('SEQ')
  })

  it('reads headings through localised style ids and a table (markitdown test)', async () => {
    const doc = await parse(corpus('docx/markitdown__test.docx'))
    expect(doc.blocks).toContainEqual({ kind: 'heading', text: 'Abstract', level: 1, headingPath: [] })
    expect(doc.title).toBe('AutoGen: Enabling Next-Gen LLM Applications via Multi-Agent Conversation')
    const table = doc.blocks.find((block) => block.kind === 'table')
    expect(table?.rows?.[0]).toEqual(['1', '2', '3', '4', '5', '6'])
    expect(table?.text.split('\n')[1]).toBe('7 | 8 | 9 | 10 | 11 | 12')
  })

  it('indexes footnote text under a Footnotes path', async () => {
    const doc = await parse(corpus('docx/mammoth__footnotes.docx'))
    expect(doc.blocks).toContainEqual({
      kind: 'paragraph',
      text: 'A tachyon walks into a bar.',
      headingPath: ['Footnotes'],
    })
    expect(doc.blocks).toContainEqual({ kind: 'paragraph', text: 'Fin.', headingPath: ['Footnotes'] })
    expect(doc.blocks[0]?.text).toBe('Ouch.')
  })

  it('fails an empty document with no_text', async () => {
    const error = await parseError(corpus('docx/mammoth__empty.docx'))
    expect(error.code).toBe('no_text')
    expect(error.message).toBe('The document contains no extractable text')
  })

  it('reads the statistical tables (POI cancer stats)', async () => {
    const doc = await parse(corpus('docx/poi__bug59058-cancer-stats.docx'))
    const tables = doc.blocks.filter((block) => block.kind === 'table')
    expect(tables.length).toBeGreaterThan(1)
    expect(tables.flatMap((table) => table.rows ?? [])).toContainEqual(['1975', '105.1', '-', '31.4'])
  })

  it('parses a DOCX named .doc (English and Spanish text)', async () => {
    const text = allText(await parse(corpus('adversarial/uns__eng_spa_mult_really-docx.doc')))
    expect(text).toContain('All human beings are born free and equal in dignity and rights.')
    expect(text).toContain('Todos los seres humanos nacen libres e iguales en dignidad y derechos')
  })
})

describe('docxParser on constructed documents', () => {
  it('fails a corrupt zip and a zip without a document part with corrupt', async () => {
    const truncated = corpus('docx/docling__word_sample.docx').subarray(0, 4000)
    expect((await parseError(truncated)).code).toBe('corrupt')
    expect((await parseError(zipSync({ 'hello.txt': strToU8('hi') }))).code).toBe('corrupt')
    expect((await parseError(strToU8('not a zip at all'))).code).toBe('corrupt')
  })

  it('skips deleted text and keeps inserted text, tabs and breaks', async () => {
    const doc = await parse(
      docx(
        '<w:p><w:r><w:t>kept</w:t></w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del>' +
          '<w:ins><w:r><w:tab/><w:t>added</w:t><w:br/><w:t>next line</w:t></w:r></w:ins></w:p>',
      ),
    )
    expect(doc.blocks).toEqual([{ kind: 'paragraph', text: 'kept added\nnext line', headingPath: [] }])
  })

  it('builds headings from style names, outline levels and Title; lists from numbering', async () => {
    const styles =
      '<w:style w:type="paragraph" w:styleId="T"><w:name w:val="Title"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="H2"><w:name w:val="heading 2"/></w:style>' +
      '<w:style w:type="paragraph" w:styleId="Bullet"><w:name w:val="List Bullet"/>' +
      '<w:pPr><w:numPr><w:numId w:val="3"/></w:numPr></w:pPr></w:style>'
    const doc = await parse(
      docx(
        p('Report', '<w:pStyle w:val="T"/>') +
          p('Scope', '<w:pStyle w:val="H2"/>') +
          p('one', '<w:pStyle w:val="Bullet"/>') +
          p('two', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="7"/></w:numPr>') +
          p('Deep', '<w:outlineLvl w:val="2"/>') +
          p('body'),
        styles,
      ),
    )
    expect(doc.title).toBe('Report')
    expect(doc.blocks).toEqual([
      { kind: 'heading', text: 'Report', level: 1, headingPath: [] },
      { kind: 'heading', text: 'Scope', level: 2, headingPath: ['Report'] },
      { kind: 'list', text: 'one\ntwo', headingPath: ['Report', 'Scope'] },
      { kind: 'heading', text: 'Deep', level: 3, headingPath: ['Report', 'Scope'] },
      { kind: 'paragraph', text: 'body', headingPath: ['Report', 'Scope', 'Deep'] },
    ])
  })

  it('flattens nested tables into their cell and joins a cell’s paragraphs', async () => {
    const cell = (inner: string) => `<w:tc>${inner}</w:tc>`
    const nested = `<w:tbl><w:tr>${cell(p('inner a'))}${cell(p('inner b'))}</w:tr></w:tbl>`
    const doc = await parse(
      docx(`<w:tbl><w:tr>${cell(p('first') + p('second'))}${cell(p('x') + nested)}</w:tr></w:tbl>`),
    )
    expect(doc.blocks).toEqual([
      {
        kind: 'table',
        text: 'first second | x inner a inner b',
        rows: [['first second', 'x inner a inner b']],
        headingPath: [],
      },
    ])
  })

  it('reads a row typed as lines in one row as the rows it shows, and leaves cells whose lines do not pair up whole', async () => {
    const cell = (inner: string) => `<w:tc>${inner}</w:tc>`
    const broken = (...lines: string[]) =>
      `<w:p>${lines.map((line) => `<w:r><w:t>${line}</w:t></w:r>`).join('<w:r><w:br/></w:r>')}</w:p>`
    const header = `<w:tr>${cell(p(''))}${cell(p('2024'))}${cell(p('2025'))}</w:tr>`
    const stacked =
      `<w:tr>${cell(p('Rent') + p('Heating') + p('Water rate'))}` +
      `${cell(p('$') + broken('9,600', '1,150', '3.5%'))}${cell(p('$') + p('9,900') + p('1,020') + p('3.1%'))}</w:tr>`
    const uneven = `<w:tr>${cell(p('Fees') + p('Fines') + p('Grants'))}${cell(p('120') + p('40'))}</w:tr>`
    const doc = await parse(docx(`<w:tbl>${header}${stacked}${uneven}</w:tbl>`))
    expect(doc.blocks[0]?.rows).toEqual([
      ['', '2024', '2025'],
      ['Rent', '$ 9,600', '$ 9,900'],
      ['Heating', '$ 1,150', '$ 1,020'],
      ['Water rate', '3.5%', '3.1%'],
      ['Fees Fines Grants', '120 40'],
    ])
  })

  it('skips field instructions and reads text boxes once', async () => {
    const field =
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r>' +
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>'
    const box =
      '<w:r><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">' +
      `<mc:Choice Requires="wps"><w:drawing><w:txbxContent>${p('in the box')}</w:txbxContent></w:drawing></mc:Choice>` +
      `<mc:Fallback><w:pict><w:txbxContent>${p('in the box')}</w:txbxContent></w:pict></mc:Fallback>` +
      '</mc:AlternateContent></w:r>'
    const doc = await parse(docx(`<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r>${field}${box}</w:p>`))
    expect(doc.blocks.map((block) => block.text)).toEqual(['Page 7', 'in the box'])
  })

  it("keeps a list item's soft-broken bulleted lines apart, and joins any other item's lines", async () => {
    const numbered = '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>'
    const lines = (...texts: string[]) =>
      texts.map((text) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`).join('<w:r><w:br/></w:r>')
    const doc = await parse(
      docx(
        `<w:p><w:pPr>${numbered}</w:pPr>${lines('Symptoms:', '＊ Fever', '＊ Cough')}</w:p>` +
          `<w:p><w:pPr>${numbered}</w:pPr>${lines('Template (JSON):', 'https://example.org/ssp.json')}</w:p>`,
      ),
    )
    expect(doc.blocks).toEqual([
      {
        kind: 'list',
        text: 'Symptoms:\n＊ Fever\n＊ Cough\nTemplate (JSON): https://example.org/ssp.json',
        headingPath: [],
      },
    ])
  })
})
