import { describe, expect, it } from 'vitest'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { extractiveAnswer } from '../extractiveGenerator'
import { composedAnswer } from '../../testing/composedAnswer'
import { candidateSentences, commandLine } from './candidateSentences'

const source = (text: string, number = 1): AnswerSource =>
  answerSource(number, text, { document_id: 'd', filename: 'report.docx', page: 3 })

// A table as chunks render one: cells joined by " | ", one row a line, the header first.
const TABLE = [
  'Results by segment are below.',
  'Segment | Revenue FY2021 | Revenue FY2022',
  'Widgets | 410 | 455',
  'Gadgets | 120 | 98',
  'The gadget decline came from one customer.',
].join('\n')

describe('candidateSentences with tables', () => {
  it("makes each row a candidate under its table's header, and the header none", () => {
    const found = candidateSentences([source(TABLE)])
    expect(found.map(({ text }) => text)).toEqual([
      'Results by segment are below.',
      'Widgets | 410 | 455 (Segment, Revenue FY2021, Revenue FY2022)',
      'Gadgets | 120 | 98 (Segment, Revenue FY2021, Revenue FY2022)',
      'The gadget decline came from one customer.',
    ])
    // The header's words are the rows' section; after the table the section is what it was.
    expect(found[1]!.section).toEqual(expect.arrayContaining(['segment', 'revenue', 'fy2022']))
    expect(found[3]!.section).toEqual([])
  })

  it('finds a row by its label and its column, and states the cell of the asked year first', () => {
    expect(
      extractiveAnswer({ question: 'What was Gadgets revenue in FY2022?', sources: [source(TABLE)] }),
    ).toBe(
      'Gadgets, Revenue FY2022: 98 [1]. From the row: Gadgets | 120 | 98 (Segment, Revenue FY2021, Revenue FY2022).',
    )
  })

  it('reads a line with no cells on both sides of a bar as text', () => {
    expect(
      candidateSentences([source('Run the tool with the flag | and pipe its output onward to a pager.')]),
    ).toHaveLength(1)
    expect(candidateSentences([source('| lonely |')])).toEqual([])
  })
})

describe('candidateSentences with commands', () => {
  const COOKBOOK = [
    'OCR languages other than English',
    'The tool assumes the document is in English unless told otherwise.',
    'scanpdf -l fra Paris.pdf Paris.pdf',
    'scanpdf --pages 2,3 in.pdf out.pdf',
    '$ scanpdf in.pdf out.pdf',
    'Language packs must be installed for all languages specified.',
  ].join('\n')

  it('keeps a command line as a candidate, not as the heading of what follows', () => {
    const candidates = candidateSentences([source(COOKBOOK)])
    expect(candidates.filter((candidate) => candidate.command).map(({ text }) => text)).toEqual([
      'scanpdf -l fra Paris.pdf Paris.pdf',
      'scanpdf --pages 2,3 in.pdf out.pdf',
      '$ scanpdf in.pdf out.pdf',
    ])
    const last = candidates.find(({ text }) => text.startsWith('Language packs'))
    expect(last?.section).toEqual(['ocr', 'languages', 'other', 'english'])
  })

  it('tells a command from a heading or a sentence with a dash', () => {
    expect(commandLine('ocrmypdf --mode strip input.pdf output.pdf')).toBe(true)
    expect(commandLine('tar -x -f archive.tar')).toBe(true)
    expect(commandLine('Remove the OCR text layer')).toBe(false)
    expect(commandLine('A well-known - and well-liked - tool.')).toBe(false)
    expect(commandLine('Revenue - net of returns')).toBe(false)
  })
})

describe('candidateSentences with run-in headings', () => {
  it("quotes a paragraph's run-in heading with the sentence after it, never alone", () => {
    const text = [
      'Penalty for late filing. If you do not file your return by the due date, the penalty is usually 5% a month.',
      'Other penalties. Criminal penalties may be imposed for willful failure to file.',
      'Dual-licensed under MIT or the UNLICENSE. See the files for details.',
    ].join('\n')
    expect(candidateSentences([source(text)]).map(({ text }) => text)).toEqual([
      'Penalty for late filing. If you do not file your return by the due date, the penalty is usually 5% a month.',
      'Other penalties. Criminal penalties may be imposed for willful failure to file.',
      // A short sentence with a verb says something: it stands alone.
      'Dual-licensed under MIT or the UNLICENSE.',
      'See the files for details.',
    ])
  })
})

describe("candidateSentences with a form's fields", () => {
  // A disclosure form as its PDF reads: each field's label on a line, its value on the next.
  const FORM = [
    '5. Particulars of the goods or services to be provided under the contract: Supply and Maintenance of Parking Ticket Machines',
    '6. Estimated amount payable to the contractor under the contract:',
    '$3,148,800.00exgst',
    '7. Description of any provisions under which the amount payable may be varied:',
    '- Rise and fall of the price of steel',
    '- Changes of the law',
    'To request the full contract, write to the records office:',
    'https://example.org/records',
  ].join('\n')

  it("quotes a field's label with the value on the line under it, and a list or an address after a colon without it", () => {
    const texts = candidateSentences([source(FORM)]).map(({ text }) => text)
    expect(texts).toContain(
      '6. Estimated amount payable to the contractor under the contract: $3,148,800.00exgst',
    )
    expect(texts).toContain('7. Description of any provisions under which the amount payable may be varied:')
    expect(texts).toContain('To request the full contract, write to the records office:')
  })

  it("answers how much a contract is worth with the amount field beside the field naming the contract's goods", () => {
    const answer = extractiveAnswer({
      question: 'how much is the parking ticket machine contract worth',
      sources: [source(FORM)],
    })
    expect(answer).toContain('$3,148,800.00exgst')
    expect(answer).not.toMatch(/^The documents do not/u)
  })
})

describe('candidateSentences with footnote marks', () => {
  it('ends a sentence at its footnote mark, and quotes it without the mark', () => {
    const text =
      'On January 23, 1998, Netscape made two announcements.[3] One day later, Jamie Zawinski registered mozilla.org.[4] The community has 40,000 contributors[citation needed].'
    expect(candidateSentences([source(text)]).map(({ text }) => text)).toEqual([
      'On January 23, 1998, Netscape made two announcements.',
      'One day later, Jamie Zawinski registered mozilla.org.',
      'The community has 40,000 contributors.',
    ])
  })
})

describe('commandLine for API references', () => {
  it("takes an HTTP request line for a command, and a heading's words for none", () => {
    expect(commandLine('GET /api/tags')).toBe(true)
    expect(commandLine('POST /api/embed')).toBe(true)
    expect(commandLine('Get started')).toBe(false)
    expect(commandLine('GET requests are cached.')).toBe(false)
  })

  it('quotes the request line with the line after it that says what it does', () => {
    const reference = answerSource(
      1,
      ['List Local Models', 'GET /api/tags', 'List models that are available locally.'].join('\n'),
      { filename: 'ollama-api.md' },
    )
    const answer = extractiveAnswer({
      question: 'how do i list local models in ollama',
      sources: [reference],
    })
    expect(answer).toContain('`GET /api/tags`')
    expect(answer).toContain('List models that are available locally.')
  })
})

describe('commandLine', () => {
  it("takes a package manager's or a tool's command for a command, and a line opening with an English word for none", () => {
    for (const line of [
      'npm install mammoth',
      'pip install ocrmypdf',
      'brew install ripgrep',
      'docker run -p 8080:80 app',
    ])
      expect(commandLine(line), line).toBe(true)
    for (const line of ['make sure the service is running', 'go to the settings page', 'Installation'])
      expect(commandLine(line), line).toBe(false)
  })
})

describe('candidateSentences on a reference list', () => {
  it("quotes no reference list's entry, even one a question's role admits whole", () => {
    const notes = [
      'Revenue grew a third in a year.',
      '16. ^ Lardinois, Frederic (November 15, 2012). "Acme Releases Annual Report: Revenue Up 33%". example.com.',
      '[12] A. Vaswani, N. Shazeer, and N. Parmar. Attention is all you need. In NeurIPS, 2017.',
    ].join('\n')
    expect(candidateSentences([source(notes)], () => true).map(({ text }) => text)).toEqual([
      'Revenue grew a third in a year.',
    ])
  })
})

describe('candidateSentences on slides', () => {
  it("takes a bullet that states something for a sentence, and a title's words for the section", () => {
    const slide = [
      'RAM and Swap',
      'Swap is disk space that extends memory',
      'Excessive swapping kills speed',
    ].join('\n')
    const found = candidateSentences([source(slide)])
    expect(found.map(({ text }) => text)).toEqual([
      'Swap is disk space that extends memory',
      'Excessive swapping kills speed',
    ])
    expect(found[0]!.section).toEqual(['ram', 'swap'])
    // Title case or no verb: a heading, as before.
    expect(candidateSentences([source('Make Popular Pages Static\nCaching Dynamic Content')])).toEqual([])
  })
})

describe('candidateSentences on an article', () => {
  it("keeps the article's title for the section of the sentences under its byline", () => {
    const article = answerSource(
      1,
      [
        'By Maria Lopez, City Hall reporter. Published 14 March 2024',
        'Supporters pointed to 46 crashes involving cyclists on Harbor Road since 2019.',
      ].join('\n'),
      { filename: 'news.html', heading: 'Council approves new bike lanes on Harbor Road' },
    )
    const supporters = candidateSentences([article]).find(({ text }) => text.startsWith('Supporters'))
    expect(supporters?.section).toEqual(expect.arrayContaining(['bike', 'lanes']))
    expect(supporters?.section).not.toContain('lopez')
  })
})

describe('candidateSentences on a section of a word or two', () => {
  it('reads the heading as the label of a section whose whole body is a short line ("License" over "MIT")', () => {
    const license = answerSource(1, 'License\n\nMIT', {
      filename: 'README.md',
      heading: 'quickcache > License',
    })
    expect(candidateSentences([license]).map(({ text }) => text)).toEqual(['License: MIT'])
  })

  it("reads a slide's bullet of a few words in sentence case as an item, though it has no verb", () => {
    const slide = answerSource(
      1,
      'Benefits overview\nMedical, dental and vision from day one\n401(k) with a 4% company match\n$500 yearly wellness stipend',
      { filename: 'onboarding.pptx', page: 6, heading: 'Benefits overview' },
    )
    expect(candidateSentences([slide]).map(({ text }) => text)).toEqual([
      'Medical, dental and vision from day one',
      '401(k) with a 4% company match',
    ])
    // A title-case line is a heading still, and so is a bullet in a document's text.
    const titled = answerSource(1, 'Plans\nCaching Dynamic Content For Faster Pages\nKeep pages small.', {
      filename: 'talk.pptx',
      page: 2,
      heading: 'Plans',
    })
    expect(candidateSentences([titled]).map(({ text }) => text)).not.toContain(
      'Caching Dynamic Content For Faster Pages',
    )
  })

  it("reads the last of a slide's label lines as one of its items, not as the body its heading labels", () => {
    const slide = answerSource(
      1,
      'Revenue by product\nFreight tracking: $2.1 million\nWarehousing: $1.4 million\nConsulting: $0.7 million',
      { filename: 'q3-review.pptx', heading: 'Revenue by product' },
    )
    expect(candidateSentences([slide]).map(({ text }) => text)).toEqual([
      'Freight tracking: $2.1 million',
      'Warehousing: $1.4 million',
      'Consulting: $0.7 million',
    ])
  })
})

describe('candidateSentences on a line of fields', () => {
  it('reads each field of a line of fields ended by full stops as a "label value" candidate, however short', () => {
    const header = answerSource(
      1,
      'Remote Work Policy\n\nPolicy number: HR-014. Effective date: 1 March 2024. Owner: People Operations.',
      { filename: 'policy.docx', heading: 'Remote Work Policy' },
    )
    const found = candidateSentences([header])
    expect(found.map(({ text }) => text)).toEqual([
      'Policy number: HR-014.',
      'Effective date: 1 March 2024.',
      'Owner: People Operations.',
    ])
    expect(found[2]!.label).toEqual(['owner'])
    expect(composedAnswer('who owns the remote work policy', [header]).text).toBe(
      'Owner: People Operations. [1]',
    )
  })

  it("gives a section's sentences the document's title where the document names itself by it, not a book's chapter", () => {
    const about = new Set(['mupdf', 'explored'])
    const [titled] = candidateSentences([
      answerSource(1, 'MuPDF holds objects in a store.', { heading: 'MuPDF Explored > The Store', about }),
    ])
    expect(titled!.title).toEqual(['mupdf', 'explored'])
    const [chapter] = candidateSentences([
      answerSource(1, 'Engines can be swapped.', { heading: 'Color Management > Engines', about }),
    ])
    expect(chapter!.title).toEqual([])
  })
})
