import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { ParsedDocument } from '../../../DocumentModel'
import { corpusDir } from '../../../../testing/corpusDir'
import { pptxParser } from './pptxParser'
import { parseErrorOf } from '../../../../testing/parseErrorOf'

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url))
const corpus = (name: string) => new Uint8Array(readFileSync(`${corpusDir(process.env, repoRoot)}/${name}`))
const parse = (bytes: Uint8Array) => pptxParser.parse(bytes, {})
const slides = (doc: ParsedDocument) => doc.blocks.filter((block) => block.kind === 'slide')
const notes = (doc: ParsedDocument) => doc.blocks.filter((block) => block.kind === 'note')

/** Every block sits on a slide in range and under its slide's title. */
function expectSlideStructure(doc: ParsedDocument) {
  for (const block of doc.blocks) {
    const slide = slides(doc).find((s) => s.page === block.page)
    expect(block.page).toBeGreaterThanOrEqual(1)
    expect(block.page).toBeLessThanOrEqual(doc.pages ?? 0)
    expect(block.headingPath).toEqual([slide?.text])
  }
}

const parseError = (bytes: Uint8Array) => parseErrorOf(parse(bytes))

const P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
const REL = 'xmlns="http://schemas.openxmlformats.org/package/2006/relationships"'

/** A deck of one slide a shape tree, in order; `size`, the presentation's `p:sldSz` element if any. */
function deckOf(trees: readonly string[], size = ''): Uint8Array {
  const files: Record<string, Uint8Array> = {
    'ppt/presentation.xml': strToU8(
      `<p:presentation ${P} ${R}><p:sldIdLst>${trees
        .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`)
        .join('')}</p:sldIdLst>${size}</p:presentation>`,
    ),
    'ppt/_rels/presentation.xml.rels': strToU8(
      `<Relationships ${REL}>${trees
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://x/slide" Target="slides/slide${i + 1}.xml"/>`,
        )
        .join('')}</Relationships>`,
    ),
  }
  trees.forEach((tree, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] = strToU8(
      `<p:sld ${P} ${A}><p:cSld><p:spTree>${tree}</p:spTree></p:cSld></p:sld>`,
    )
  })
  return zipSync(files)
}

describe('pptxParser on the corpus', () => {
  // Slide and notes counts checked against the packages: docling has notesSlide1-2 (slides 2 and 3),
  // markitdown and GeomLec1 have no notes parts.
  it('reads the docling deck: 3 slides, a table, notes on slides 2 and 3', async () => {
    const doc = await parse(corpus('pptx/docling__powerpoint_sample.pptx'))
    expect(doc.pages).toBe(3)
    expect(slides(doc).map((slide) => slide.text)).toEqual([
      'Test Table Slide',
      'Second slide title',
      'Slide 3',
    ])
    expect(notes(doc).map((note) => [note.page, note.text])).toEqual([
      [2, 'Some notes on the second slide.'],
      [3, 'Final notes on the third slide.\nSecond line of notes.'],
    ])
    const table = doc.blocks.find((block) => block.kind === 'table')
    expect(table?.page).toBe(1)
    expect(table?.rows).toContainEqual(['R1', 'True', 'False', '', 'False', 'True', 'True'])
    expect(doc.blocks).toContainEqual({
      kind: 'list',
      text: 'Let’s introduce a list\nWith foo\nBar\nAnd baz things',
      page: 2,
      headingPath: ['Second slide title'],
    })
    expectSlideStructure(doc)
  })

  it('reads the markitdown deck: 6 slides, table, grouped shapes, no notes', async () => {
    const doc = await parse(corpus('pptx/markitdown__test.pptx'))
    expect(doc.pages).toBe(6)
    expect(slides(doc)).toHaveLength(6)
    expect(notes(doc)).toHaveLength(0)
    const table = doc.blocks.find((block) => block.kind === 'table')
    expect(table?.page).toBe(3)
    expect(table?.rows?.[0]).toEqual(['ColA', 'ColB', 'ColC', 'ColD', 'ColE', 'ColF'])
    const grouped = doc.blocks.filter((block) => block.page === 5).map((block) => block.text)
    expect(grouped.join('\n')).toContain('This is a nested shape with content in 2 shapes')
    expectSlideStructure(doc)
  })

  it('reads the GeomLec1 deck in presentation order, SmartArt text included', async () => {
    const doc = await parse(corpus('pptx/poi__GeomLec1.pptx'))
    expect(doc.pages).toBe(14)
    expect(slides(doc)[0]?.text).toBe('Math 260 Foundations of Geometry')
    const diagram = doc.blocks.find((block) =>
      block.text.includes('1- A line can be drawn from any point to another.'),
    )
    expect(diagram?.page).toBe(9)
    expect(diagram?.headingPath).toEqual(['Euclid’s 5 Postulates'])
    // Slide-number placeholders are furniture, not text.
    expect(doc.blocks.some((block) => block.text === '12')).toBe(false)
    expectSlideStructure(doc)
  })

  it('fails a deck without slides with no_text', async () => {
    expect((await parseError(corpus('pptx/python-pptx__no-slides.pptx'))).code).toBe('no_text')
  })
})

describe('pptxParser on constructed decks', () => {
  it('fails bytes that are not a ZIP, or a ZIP without a presentation, with corrupt', async () => {
    expect((await parseError(strToU8('garbage'))).code).toBe('corrupt')
    expect((await parseError(zipSync({ 'a.xml': strToU8('<a/>') }))).code).toBe('corrupt')
  })

  it('fails slides without any text with no_text', async () => {
    expect((await parseError(deckOf(['']))).code).toBe('no_text')
  })

  it("reads a shape's paragraphs as lines of their own: a title slide's speaker, place and date", async () => {
    const shape = (lines: string[], placeholder: string) =>
      `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr>` +
      `<p:txBody>${lines.map((line) => `<a:p><a:r><a:t>${line}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>`
    const tree =
      shape(['Closing the Broadband Gap'], '<p:ph type="ctrTitle"/>') +
      shape(
        ['Maria Lopez, Ph.D.', 'Center for Rural Policy', 'March 12, 2014'],
        '<p:ph type="subTitle" idx="1"/>',
      )
    const doc = await parse(deckOf([tree]))
    expect(doc.blocks.filter((block) => block.kind === 'paragraph').map((block) => block.text)).toEqual([
      'Maria Lopez, Ph.D.',
      'Center for Rural Policy',
      'March 12, 2014',
    ])
  })

  it("names untitled slides by the section divider before them: an untitled slide's one short line", async () => {
    const shape = (lines: string[], placeholder = '') =>
      `<p:sp><p:nvSpPr><p:cNvPr id="1" name="s"/><p:cNvSpPr/><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr>` +
      `<p:txBody>${lines.map((line) => `<a:p><a:r><a:t>${line}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>`
    const title = (text: string) => shape([text], '<p:ph type="title"/>')
    const shapes = [
      title('Git Intro') + shape(['Snapshots, not deltas']),
      shape(['Installing Git']),
      shape(['Good:', 'msysgit']),
      '',
      shape(['Best:', 'gitextensions + p4merge']),
      title('Branching') + shape(['Cheap and local']),
      shape(['A branch is a pointer to a commit.']),
    ]
    const doc = await parse(deckOf(shapes))
    expect(slides(doc).map((slide) => slide.text)).toEqual([
      'Git Intro',
      'Installing Git',
      'Installing Git',
      // An empty slide is in no section by its text.
      'Slide 4',
      'Installing Git',
      'Branching',
      // A sentence is no divider, and a titled slide ends the section before it.
      'Slide 7',
    ])
    // The divider's line is its title, said once.
    expect(doc.blocks.filter((block) => block.page === 2).map((block) => block.text)).toEqual([
      'Installing Git',
    ])
    expect(doc.blocks.find((block) => block.text.includes('p4merge'))?.headingPath).toEqual([
      'Installing Git',
    ])
    expectSlideStructure(doc)
  })

  it('takes the text box standing in for an empty title placeholder as the slide title', async () => {
    const shape = (lines: string[], name: string, top?: number, placeholder = '') =>
      `<p:sp><p:nvSpPr><p:cNvPr id="1" name="${name}"/><p:cNvSpPr/><p:nvPr>${placeholder}</p:nvPr></p:nvSpPr>` +
      (top === undefined ? '<p:spPr/>' : `<p:spPr><a:xfrm><a:off x="0" y="${top}"/></a:xfrm></p:spPr>`) +
      `<p:txBody>${lines.map((line) => `<a:p><a:r><a:t>${line}</a:t></a:r></a:p>`).join('')}</p:txBody></p:sp>`
    const emptyTitle =
      '<p:sp><p:nvSpPr><p:cNvPr id="2" name="Title 1"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr></p:nvSpPr>' +
      '<p:spPr/><p:txBody><a:p><a:endParaRPr/></a:p></p:txBody></p:sp>'
    const bullets = ['Read complex texts closely', 'Write from evidence']
    const shapes = [
      // The title typed into a text box PowerPoint named after the title, listed after the body.
      emptyTitle +
        shape(bullets, 'Content Placeholder 2', undefined, '<p:ph idx="1"/>') +
        shape(['Two Shifts'], 'Title 1'),
      // Untitled shapes: the one short line above the rest, near the top, is the title.
      shape(['Why it matters', 'Students read more'], 'TextBox 3', 2_000_000) +
        shape(['The Problem'], 'TextBox 2', 300_000),
      // A line that is a sentence, or one low on the slide, is no title.
      shape(['We measured it.'], 'TextBox 2', 300_000) + shape(['First', 'Second'], 'TextBox 3', 2_000_000),
      shape(['Final Words'], 'TextBox 2', 5_000_000) + shape(['Thanks', 'Questions'], 'TextBox 3', 6_000_000),
    ]
    const doc = await parse(deckOf(shapes, '<p:sldSz cx="9144000" cy="6858000"/>'))
    expect(slides(doc).map((slide) => slide.text)).toEqual([
      'Two Shifts',
      'The Problem',
      'Slide 3',
      'Slide 4',
    ])
    // The title is said once, over the slide's other text.
    expect(doc.blocks.filter((block) => block.page === 1).map((block) => block.text)).toEqual([
      'Two Shifts',
      bullets.join('\n'),
    ])
    expect(doc.blocks.filter((block) => block.page === 2).map((block) => block.text)).toEqual([
      'The Problem',
      'Why it matters',
      'Students read more',
    ])
    expectSlideStructure(doc)
  })
})
