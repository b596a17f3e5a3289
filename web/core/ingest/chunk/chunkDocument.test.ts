import { describe, expect, it } from 'vitest'
import type { Block, ParsedDocument } from '../DocumentModel'
import { chunkDocument } from './chunkDocument'
import { estimateTokens } from './estimateTokens'

const doc = (...blocks: Block[]): ParsedDocument => ({ blocks })
const heading = (text: string, level: number, headingPath: string[] = [], page?: number): Block => ({
  kind: 'heading',
  text,
  level,
  headingPath,
  page,
})
const paragraph = (text: string, headingPath: string[] = [], page?: number): Block => ({
  kind: 'paragraph',
  text,
  headingPath,
  page,
})
/** Distinct, countable sentences: "Sentence 7 is about topic seven and more words." */
const sentences = (count: number, words = 8) =>
  Array.from({ length: count }, (_, i) => `Sentence ${i} says ${'something '.repeat(words).trim()} here.`)

describe('chunkDocument', () => {
  it('starts a chunk at each heading, prefixed with its text, and records the heading path', () => {
    const chunks = chunkDocument(
      doc(
        heading('Guide', 1),
        paragraph('Quire answers questions about your documents.', ['Guide']),
        heading('Installation', 2, ['Guide']),
        paragraph('Install   it from the\n browser.', ['Guide', 'Installation']),
        paragraph('It works offline.', ['Guide', 'Installation']),
        heading('Usage', 2, ['Guide']),
        paragraph('Drop files into a collection.', ['Guide', 'Usage']),
      ),
    )
    expect(chunks).toEqual([
      {
        index: 0,
        text: 'Guide\n\nQuire answers questions about your documents.',
        page: null,
        heading: 'Guide',
        tokenCount: estimateTokens('Guide\n\nQuire answers questions about your documents.'),
      },
      expect.objectContaining({
        index: 1,
        text: 'Installation\n\nInstall it from the browser.\n\nIt works offline.',
        heading: 'Guide > Installation',
      }),
      expect.objectContaining({
        index: 2,
        text: 'Usage\n\nDrop files into a collection.',
        heading: 'Guide > Usage',
      }),
    ])
  })

  it('keeps consecutive headings together with the first content and ends with a lone heading', () => {
    const chunks = chunkDocument(
      doc(
        heading('Manual', 1),
        heading('Setup', 2, ['Manual']),
        paragraph('Run it.', ['Manual', 'Setup']),
        heading('Appendix', 2, ['Manual']),
      ),
    )
    expect(chunks.map((chunk) => [chunk.text, chunk.heading])).toEqual([
      ['Manual\n\nSetup\n\nRun it.', 'Manual > Setup'],
      ['Appendix', 'Manual > Appendix'],
    ])
  })

  it('accumulates blocks up to the target and starts a new chunk for a block that does not fit', () => {
    const blocks = sentences(12).map((text) => paragraph(text))
    const chunks = chunkDocument(doc(...blocks), { targetTokens: 60, maxTokens: 80 })
    expect(chunks.length).toBeGreaterThan(2)
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(60)
    // No overlap between whole paragraphs: every paragraph appears exactly once.
    const all = chunks.map((chunk) => chunk.text).join('\n\n')
    expect(all).toBe(blocks.map((block) => block.text).join('\n\n'))
  })

  it('splits a long paragraph at sentence boundaries with about overlapTokens repeated', () => {
    const text = sentences(60).join(' ')
    const chunks = chunkDocument(doc(paragraph(text)), {
      targetTokens: 120,
      maxTokens: 150,
      overlapTokens: 30,
    })
    expect(chunks.length).toBeGreaterThan(3)
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(150)
      expect(chunk.text).toMatch(/^Sentence \d+ .* here\.$/)
      const next = chunks[i + 1]
      if (!next) continue
      // The next chunk begins with the last sentences of this one.
      const firstOfNext = next.text.slice(0, next.text.indexOf(' here.') + 6)
      const overlap = chunk.text.slice(chunk.text.lastIndexOf(firstOfNext))
      expect(chunk.text.endsWith(overlap) && next.text.startsWith(overlap)).toBe(true)
      expect(estimateTokens(overlap)).toBeGreaterThanOrEqual(15)
      expect(estimateTokens(overlap)).toBeLessThanOrEqual(45)
    }
    for (const sentence of sentences(60))
      expect(chunks.some((chunk) => chunk.text.includes(sentence))).toBe(true)
  })

  it('cuts a giant sentence between words, within maxTokens', () => {
    const text = `${'word '.repeat(700)}end.`
    const chunks = chunkDocument(doc(paragraph(text)))
    expect(chunks.length).toBeGreaterThan(3)
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(320)
      expect(chunk.text).toMatch(/^(word )+(word|end\.)$/)
    }
    // Full pieces (near the default target of 200), but for the remainder.
    for (const chunk of chunks.slice(0, -1)) expect(chunk.tokenCount).toBeGreaterThan(150)
  })

  it('keeps a table whole when it fits, with the paragraphs around it', () => {
    const table: Block = {
      kind: 'table',
      text: 'ignored when rows are given',
      headingPath: [],
      rows: [
        ['Name', 'Size'],
        ['a.pdf', ' 1 MB'],
        ['', ''],
        ['b.pdf', '2 MB'],
      ],
    }
    const chunks = chunkDocument(doc(paragraph('Files:'), table, paragraph('That is all.')))
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'Files:\n\nName | Size\na.pdf | 1 MB\nb.pdf | 2 MB\n\nThat is all.',
    ])
  })

  it('splits a big table between rows and repeats the header row in every part', () => {
    const rows = [['Id', 'Title', 'Owner']]
    for (let i = 0; i < 120; i++) rows.push([`${i}`, `Report number ${i} on quarterly results`, `owner${i}`])
    const chunks = chunkDocument(doc({ kind: 'table', text: '', headingPath: ['Data'], rows }))
    expect(chunks.length).toBeGreaterThan(3)
    const seen: string[] = []
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(320)
      const [header, ...body] = chunk.text.split('\n')
      expect(header).toBe('Id | Title | Owner')
      seen.push(...body)
      expect(chunk.heading).toBe('Data')
    }
    expect(seen).toEqual(rows.slice(1).map((row) => row.join(' | ')))
  })

  it('cuts a table row longer than a chunk between the sentences of its cells, not mid-sentence', () => {
    const design = sentences(60).join(' ')
    const rows = [
      ['Field', 'Value'],
      ['Study design', design],
      ['Version', '1.0'],
    ]
    const chunks = chunkDocument(doc({ kind: 'table', text: '', headingPath: ['Protocol'], rows }))
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) {
      const [header, ...body] = chunk.text.split('\n')
      expect(header).toBe('Field | Value')
      // Each part opens where a sentence (or the row) opens, and ends where one ends.
      expect(body.join('\n')).toMatch(/^(?:Study design \| )?(?:Sentence \d+|Version)/u)
    }
    const parts = chunks.flatMap((chunk) => chunk.text.split('\n').slice(1)).join(' ')
    for (const sentence of sentences(60)) expect(parts).toContain(sentence)
  })

  it('keeps each chunk on one page and gives the page of its first block', () => {
    const chunks = chunkDocument(
      doc(
        paragraph('First page text.', [], 1),
        paragraph('More of page one.', [], 1),
        heading('Results', 1, [], 1),
        paragraph('Results begin on the next page.', ['Results'], 2),
        paragraph('Still page two.', ['Results'], 2),
        paragraph('Page three.', ['Results'], 3),
      ),
    )
    expect(chunks.map((chunk) => [chunk.page, chunk.text])).toEqual([
      [1, 'First page text.\n\nMore of page one.'],
      // A heading at the foot of a page stays with its content.
      [1, 'Results\n\nResults begin on the next page.\n\nStill page two.'],
      [3, 'Page three.'],
    ])
  })

  it('starts a chunk per slide with the slide title prefixed', () => {
    const chunks = chunkDocument(
      doc(
        { kind: 'slide', text: 'Roadmap', headingPath: [], page: 1 },
        { kind: 'list', text: 'Parse\nChunk\nEmbed', headingPath: [], page: 1 },
        { kind: 'note', text: 'Mention offline mode.', headingPath: [], page: 1 },
        { kind: 'slide', text: 'Questions', headingPath: [], page: 2 },
      ),
    )
    expect(chunks.map((chunk) => [chunk.page, chunk.text])).toEqual([
      [1, 'Roadmap\n\nParse\nChunk\nEmbed\n\nMention offline mode.'],
      [2, 'Questions'],
    ])
  })

  it('sizes Chinese text by characters and splits it at full stops', () => {
    const sentence = (i: number) => `第${i}句话介绍了文档问答系统如何在浏览器中离线解析、切分和检索文件。`
    const text = Array.from({ length: 40 }, (_, i) => sentence(i)).join('')
    const chunks = chunkDocument(doc(paragraph(text, ['说明'])))
    expect(estimateTokens(text)).toBeGreaterThan(text.length - 100)
    expect(chunks.length).toBeGreaterThanOrEqual(4)
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(320)
      expect(chunk.tokenCount).toBeGreaterThan(60)
      expect(chunk.text).toMatch(/^第\d+句.*。$/u)
      expect(chunk.text).not.toMatch(/\s/u)
    }
    for (let i = 0; i < 40; i++) expect(chunks.some((chunk) => chunk.text.includes(sentence(i)))).toBe(true)
  })

  it('keeps a list with the paragraph introducing it', () => {
    const filler = paragraph(sentences(3).join(' '))
    const intro = paragraph('The supported formats are:')
    const list = (count: number): Block => ({
      kind: 'list',
      text: Array.from({ length: count }, (_, i) => `- Format ${i}`).join('\n'),
      headingPath: [],
    })
    const options = { targetTokens: 70, maxTokens: 90 }
    // Over the target but within the maximum: the list joins the open chunk.
    expect(chunkDocument(doc(filler, intro, list(5)), options).map((chunk) => chunk.text)).toEqual([
      `${filler.text}\n\n${intro.text}\n\n${list(5).text}`,
    ])
    // Over the maximum: the introduction moves to the list's chunk.
    expect(chunkDocument(doc(filler, intro, list(10)), options).map((chunk) => chunk.text)).toEqual([
      filler.text,
      `${intro.text}\n\n${list(10).text}`,
    ])
  })

  it("keeps a definition list's term with the paragraph saying what it is", () => {
    const filler = paragraph(sentences(3).join(' '))
    const term: Block = { ...paragraph('Root cause'), term: true }
    const definition = paragraph(
      `A defect that, once repaired, ${'stops the incident from happening again '.repeat(4)}.`,
    )
    const options = { targetTokens: 70, maxTokens: 90 }
    const texts = chunkDocument(doc(filler, term, definition), options).map((chunk) => chunk.text)
    expect(texts[0]).toBe(filler.text)
    expect(texts[1]!.startsWith(`${term.text}\n\n${definition.text}`)).toBe(true)
    // A short paragraph no definition list marks as its term (a PDF's label line) goes on as any does.
    const label = paragraph('Net sales')
    const plain = chunkDocument(doc(filler, label, definition), options).map((chunk) => chunk.text)
    expect(plain[0]).toBe(`${filler.text}\n\n${label.text}`)
  })

  it('keeps what an announcing paragraph introduces with it, whatever its kind, on its page', () => {
    const filler = paragraph(sentences(3).join(' '))
    const intro = paragraph('Haskell has features that helped:')
    const items = [0, 1].map((i) =>
      paragraph(`Feature ${i} ${'helps a great deal with the conversions '.repeat(6)}.`),
    )
    const options = { targetTokens: 70, maxTokens: 90 }
    // Items written as paragraphs, past the target: the introduction opens their chunk.
    const texts = chunkDocument(doc(filler, intro, ...items), options).map((chunk) => chunk.text)
    expect(texts[0]).toBe(filler.text)
    expect(texts[1]!.startsWith(`${intro.text}\n\n${items[0]!.text}`)).toBe(true)
    // A block too big for any chunk is split: its first piece joins the introduction.
    const big: Block = {
      kind: 'list',
      text: Array.from({ length: 30 }, (_, i) => `- Format number ${i} of many`).join('\n'),
      headingPath: [],
    }
    const split = chunkDocument(doc(filler, intro, big), options)
    expect(split[0]!.text).toBe(filler.text)
    expect(split[1]!.text.startsWith(`${intro.text}\n\n- Format number 0 of many`)).toBe(true)
    for (const chunk of split) expect(chunk.tokenCount).toBeLessThanOrEqual(90)
    // A label ("NOTES:") is no sentence announcing prose: what follows it goes on as any paragraph does.
    const notes = chunkDocument(doc(filler, paragraph('NOTES:'), ...items), options).map(
      (chunk) => chunk.text,
    )
    expect(notes[0]).toBe(`${filler.text}\n\nNOTES:`)
    // On another page, the items are another chunk: a chunk's page is the page its text is on.
    const paged = chunkDocument(
      doc(paragraph(filler.text, [], 1), paragraph(intro.text, [], 1), paragraph(items[0]!.text, [], 2)),
      options,
    )
    expect(paged.map((chunk) => [chunk.page, chunk.text])).toEqual([
      [1, `${filler.text}\n\n${intro.text}`],
      [2, items[0]!.text],
    ])
  })

  it('splits a big list only between items', () => {
    const items = Array.from({ length: 80 }, (_, i) => `- Item ${i} with a short description`)
    const chunks = chunkDocument(doc({ kind: 'list', text: items.join('\n'), headingPath: [] }))
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(320)
    expect(chunks.flatMap((chunk) => chunk.text.split('\n'))).toEqual(items)
  })

  it('splits code only between lines and keeps its indentation', () => {
    const lines = Array.from({ length: 200 }, (_, i) =>
      i % 2 ? `    call(${i}, "value")` : `if (x === ${i}) {`,
    )
    const chunks = chunkDocument(doc({ kind: 'code', text: `\n${lines.join('\n')}  \n\n`, headingPath: [] }))
    expect(chunks.length).toBeGreaterThan(1)
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(320)
    expect(chunks.flatMap((chunk) => chunk.text.split('\n'))).toEqual(lines)
  })

  it('uses the given token counter and sizes', () => {
    const countWords = (text: string) => text.split(/\s+/u).filter(Boolean).length
    const chunks = chunkDocument(doc(paragraph(sentences(30, 4).join(' '))), {
      targetTokens: 40,
      maxTokens: 50,
      overlapTokens: 10,
      countTokens: countWords,
    })
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBe(countWords(chunk.text))
      expect(chunk.tokenCount).toBeLessThanOrEqual(50)
    }
  })

  it('makes no empty chunks, normalises whitespace and is deterministic', () => {
    const input = doc(
      paragraph('  \n\t '),
      heading('  Title \n ', 1),
      paragraph('Some\u00a0 text\r\n with\tspaces\u0000.', ['Title']),
      { kind: 'list', text: '\n  a   b \n\n c\n', headingPath: ['Title'] },
      { kind: 'code', text: '   \n', headingPath: ['Title'] },
    )
    const chunks = chunkDocument(input)
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Title\n\nSome text with spaces .\n\na b\nc'])
    expect(chunkDocument(input)).toEqual(chunks)
    expect(chunkDocument(doc())).toEqual([])
  })

  it('treats a heading too long to be one as a paragraph', () => {
    const long = sentences(20).join(' ')
    const chunks = chunkDocument(doc(heading(long, 2), paragraph('After.')))
    for (const chunk of chunks) expect(chunk.tokenCount).toBeLessThanOrEqual(320)
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('After.')
  })

  it('refuses sizes it cannot work with', () => {
    expect(() => chunkDocument(doc(), { targetTokens: 0 })).toThrow(RangeError)
    expect(() => chunkDocument(doc(), { targetTokens: 100.5 })).toThrow(RangeError)
    expect(() => chunkDocument(doc(), { overlapTokens: -1 })).toThrow(RangeError)
  })
})
