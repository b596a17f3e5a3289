import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../../retrieve/understandQuestion'
import type { AnswerSource } from '../AnswerGenerator'
import { answerSource } from '../../testing/answerSource'
import { composeAnswer } from './composeAnswer'

const source = (
  number: number,
  text: string,
  filename = 'report.pdf',
  heading: string | null = null,
): AnswerSource => answerSource(number, text, { document_id: 'd', filename, page: number, heading })

const answer = (
  question: string,
  sources: AnswerSource[],
  definedTerms: Array<{ short: string; long: string }> = [],
) => {
  const composed = composeAnswer({
    question,
    sources,
    understanding: understandQuestion(question, definedTerms),
  })
  return { kind: composed.kind, text: composed.pieces.join('') }
}

const SEGMENTS = [
  'Revenues by segment (Dollars in millions)',
  '| 2022 | 2021 | 2020',
  'BCA revenues by customer location | 25,750 | 19,493 | 16,162',
  'Defense revenues | 23,162 | 26,540 | 26,257',
].join('\n')
const TOTALS = [
  'Consolidated Statements of Operations (Dollars in millions)',
  'Years ended December 31, | 2022 | 2021 | 2020',
  'Sales of products | 55,893 | 51,386 | 47,142',
  'Total revenues | 66,608 | 62,286 | 58,158',
  'Net loss | (5,053) | (4,290) | (12,079)',
].join('\n')

describe('composeAnswer', () => {
  it('answers a total with the total row, in the asked year, stated first with its unit', () => {
    const { kind, text } = answer("What was Acme's total revenue in 2022?", [
      source(1, SEGMENTS, 'ACME_2022_10K.pdf'),
      source(2, TOTALS, 'ACME_2022_10K.pdf'),
    ])
    expect(kind).toBe('answer')
    expect(text.startsWith('Total revenues, 2022: 66,608 million [2]')).toBe(true)
  })

  it('quotes the column of the period asked, not the first one', () => {
    const { text } = answer('Acme net loss FY2021', [source(1, TOTALS, 'ACME_2022_10K.pdf')])
    expect(text.startsWith('Net loss, 2021: (4,290) million [1]')).toBe(true)
    expect(answer('Acme revenues in 2020?', [source(1, TOTALS, 'ACME_2022_10K.pdf')]).text).toMatch(
      /^Total revenues, 2020: 58,158 million \[1\]/u,
    )
  })

  it('answers "last year" from the latest year of the row, whichever column it stands in', () => {
    expect(
      answer("What were Acme's total revenues last year?", [source(1, TOTALS, 'ACME_2022_10K.pdf')]).text,
    ).toMatch(/^Total revenues, 2022: 66,608 million \[1\]/u)
    const oldestFirst = TOTALS.replace('| 2022 | 2021 | 2020', '| 2020 | 2021 | 2022').replace(
      '66,608 | 62,286 | 58,158',
      '58,158 | 62,286 | 66,608',
    )
    expect(
      answer('Acme total revenues last year', [source(1, oldestFirst, 'ACME_2022_10K.pdf')]).text,
    ).toMatch(/^Total revenues, 2022: 66,608 million \[1\]/u)
  })

  it('answers "how many" without a period from the sentence, not from a longer row naming the word', () => {
    const equity = [
      'Consolidated Statements of Stockholders’ Equity (in millions)',
      '| Common Stock | Additional Paid-In Capital | Total',
      'Stock-based compensation and issuance of employee benefit plan stock | — | 2,131 | 2,131',
    ].join('\n')
    const people = 'As of December 31, 2022, we had approximately 5,400 full-time employees.'
    const { text } = answer('how many employees does Acme have', [
      source(1, equity, 'ACME_2022_10K.pdf'),
      source(2, people, 'ACME_2022_10K.pdf'),
    ])
    expect(text).toContain('we had approximately 5,400 full-time employees. [2]')
    expect(text).not.toContain('2,131')
  })

  it('never abstains for an instruction word the passages do not repeat', () => {
    const question =
      'Assume that you are a public equities analyst. Answer the following question by primarily using ' +
      'information that is shown in the income statement: what was Acme total revenue in FY2022? ' +
      'Give a response to the question by relying on the details shown. Answer in USD billions.'
    const { kind, text } = answer(question, [source(1, TOTALS, 'ACME_2022_10K.pdf')])
    expect(kind).toBe('answer')
    expect(text).toMatch(/^Total revenues, 2022: 66,608 million \(66\.6 billion\) \[1\]/u)
  })

  it('finds a defined term by its long form, and the long form by the defined term', () => {
    const sources = [
      source(1, 'American Express charges merchants a discount fee of 2.5 percent on each sale.'),
    ]
    const terms = [{ short: 'Amex', long: 'American Express' }]
    expect(answer('What fee does Amex charge merchants?', sources, terms)).toEqual({
      kind: 'answer',
      text: 'American Express charges merchants a discount fee of 2.5 percent on each sale. [1]',
    })
    const back = [source(1, 'Amex charges merchants a discount fee of 2.5 percent on each sale.')]
    expect(answer('What fee does American Express charge merchants?', back, terms).kind).toBe('answer')
    // Without the collection's definition, "Amex" is a name no passage mentions.
    expect(answer('What fee does Amex charge merchants?', sources).kind).toBe('none')
  })

  it('reads an acronym in the question from the initials of the passage words', () => {
    const sources = [
      source(1, 'Jane Roe has served as our Chief Executive Officer since 2019, after leading sales.'),
    ]
    expect(answer('Who is the CEO?', sources)).toEqual({
      kind: 'answer',
      text: 'Jane Roe has served as our Chief Executive Officer since 2019, after leading sales. [1]',
    })
  })

  it('abstains when the question is about something no passage names', () => {
    const { kind, text } = answer("What was Boeing's total revenue in 2022?", [
      source(1, TOTALS, 'ACME_2022_10K.pdf'),
    ])
    expect(kind).toBe('none')
    expect(text).toMatch(/^The documents do not say what Boeing's total revenue in 2022 was\. /u)
    expect(text).toContain('“boeing”')
  })

  it('abstains on a figure of a year that no passage prints, though the document names the year elsewhere', () => {
    const balance = source(
      1,
      [
        'Consolidated Balance Sheets (In millions)',
        '| 2018 | 2017',
        'Total revenues | 194,579 | 184,765',
      ].join('\n'),
      'acme-annual-report.pdf',
    )
    balance.about = new Set(['acme', '2022'])
    const notes = source(
      2,
      'Acme repaid its notes due 2022 early. Total revenues of Acme rose in 2018.',
      'acme-annual-report.pdf',
    )
    expect(answer('What were Acme total revenues in 2022?', [balance]).kind).toBe('none')
    // A passage that prints the year is quoted as before.
    expect(answer('What were Acme total revenues in 2022?', [balance, notes]).kind).not.toBe('none')
  })

  it("abstains on a figure of a year after a dated document's own, though it prints the year", () => {
    const notes = source(
      1,
      'Total revenues rose in 2018. Acme notes due 2023 | 3,190 | 3,519. Our 2023 revenue target is 250,000.',
      'ACME_2018_10K.pdf',
    )
    const { kind, text } = answer('What were Acme total revenues in 2023?', [notes])
    expect(kind).toBe('none')
    expect(text).toContain('on years before 2023')
    // The same words in an undated file are quoted; so is a year the document covers.
    expect(
      answer('What were Acme total revenues in 2023?', [{ ...notes, filename: 'acme.pdf' }]).kind,
    ).not.toBe('none')
    expect(answer('What were Acme total revenues in 2018?', [notes]).kind).not.toBe('none')
    // A question dated by a year the document covers asks what it expected then; so does one asking
    // for a target, whatever its years.
    expect(answer('As of 2018, what revenue target did Acme set for 2023?', [notes]).kind).not.toBe('none')
    expect(answer('What was Acme revenue target for 2023?', [notes]).kind).not.toBe('none')
    // A plan's table with a column of the year states that year's figures, however the file is dated.
    const plan = source(
      2,
      ['Five-year plan (in millions) | 2019 | 2023', 'Total revenues | 210,000 | 250,000'].join('\n'),
      'ACME_2018_plan.pdf',
    )
    const planned = answer('What were Acme total revenues in 2023?', [notes, plan])
    expect(planned.text).toMatch(/^Total revenues, 2023: 250,000 million/u)
  })

  it('quotes a sentence naming the whole quantity with its figure over a row naming part of it', () => {
    const income = source(
      1,
      [
        'Consolidated Statements of Income ($ in millions, except per share data)',
        'For the years ended June 30, | 2023 | 2022',
        'Net income | 1,048 | 805',
        'Basic earnings per share | $ 0.709 | $ 0.532',
      ].join('\n'),
      'acme-annual-report.pdf',
    )
    const release = source(
      2,
      'Acme declared a quarterly cash dividend of 12.25 cents per share. Combined with the last three ' +
        'quarterly dividends, this increases the annual dividend for fiscal 2023 to 49.0 cents per share.',
      'acme-results.pdf',
    )
    const dividend = answer("What was Acme's annual dividend per share for fiscal 2023?", [income, release])
    expect(dividend.kind).toBe('answer')
    expect(dividend.text).toMatch(/^Combined with the last three quarterly dividends.*49\.0 cents/u)
    // A row that names the whole quantity is still the answer, stated first.
    const eps = answer("What were Acme's basic earnings per share for fiscal 2023?", [income, release])
    expect(eps.text).toMatch(/^Basic earnings per share, 2023: \$ 0\.709/u)
  })

  it('says plainly that the documents do not say, then the closest sentences under their label, when the ask is matched only in part', () => {
    const sources = [
      source(1, 'The steppe tribes fought many battles against rival tribes in the north.'),
      source(2, 'Grain was stored in the spring, and the council met shortly after it.'),
    ]
    const question = 'which battle did the nomads lose after the harvest festival?'
    const { kind, text } = answer(question, sources)
    expect(kind).toBe('none')
    expect(text).toMatch(
      /^The documents do not answer “which battle did the nomads lose after the harvest festival”\. /u,
    )
    expect(text).toMatch(/\n\nClosest passages: \S/u)
    expect(text).not.toContain('The closest passages say')
  })

  it('takes its evidence from a passage that names everything the question names', () => {
    // Tesla in one passage, 2021 deliveries in another: neither is about Tesla's 2021 deliveries.
    const sources = [
      source(1, 'Rivals such as Tesla sell electric cars in the same markets.'),
      source(2, 'We delivered 1.2 billion doses in 2021 and expect deliveries to grow.'),
    ]
    expect(answer('Tesla deliveries 2021', sources).kind).toBe('none')
  })

  it('does not call an abbreviation absent when the passages spell it another way', () => {
    const sources = [source(1, 'Acme named Jane Roe its technology chief in 2020.', 'ACME_2020_10K.pdf')]
    expect(answer('Who is the CTO of Acme?', sources).kind).not.toBe('none')
  })

  it('takes the whole over a part when two rows fit the ask as well', () => {
    const note = [
      'Gains reclassified into income (Dollars in millions)',
      '| 2022 | 2021',
      'Revenues | 45 | (17)',
    ].join('\n')
    const statement = [
      'Consolidated Statements of Income (Dollars in millions)',
      '| 2022 | 2021',
      'Revenues | 44,538 | 37,403',
    ].join('\n')
    const { text } = answer('Acme revenues 2022', [
      source(1, note, 'ACME_2022_10K.pdf'),
      source(2, statement, 'ACME_2022_10K.pdf'),
    ])
    expect(text.startsWith('Revenues, 2022: 44,538 million [2]')).toBe(true)
  })

  it("does not read the company's own name as the quantity asked", () => {
    const graph = ['Stock performance', '| 2017 | 2018', 'Walmart Inc. | 109.39 | 173.61'].join('\n')
    expect(answer('walmart capex fiscal 2018', [source(1, graph, 'WALMART_2018_10K.pdf')]).text).not.toMatch(
      /^Walmart Inc\., 2018/u,
    )
  })

  it('takes a name typed a letter off for the name the documents spell', () => {
    const text =
      'Setanta Sports said it would launch a subscription service on the digital terrestrial platform.'
    const { kind, text: said } = answer('What platform was Sentanta Sports planning on launching on?', [
      source(1, text, 'league.md'),
    ])
    expect(kind).toBe('answer')
    expect(said).toContain('digital terrestrial platform')
  })

  it('still finds a company no document names absent when a word a letter away is there', () => {
    const text = 'The boring machine delivered 40 units in 2021 to the plant.'
    expect(answer('How many planes did Boeing deliver in 2021?', [source(1, text, 'plant.md')]).kind).toBe(
      'none',
    )
  })

  it('quotes with the best match the sentence that holds the count asked for', () => {
    const text =
      'Behind them, two linebackers were selected to the Pro Bowl: Thomas Davis and Luke Kuechly. ' +
      'Davis compiled five sacks in the season, while Kuechly led the team in tackles (118) and forced two fumbles.'
    expect(
      answer('How many tackles did Luke Kuechly register?', [source(1, text, 'season.md')]).text,
    ).toContain('118')
  })

  it('counts a number written out as an answer to "how many"', () => {
    const text =
      'Josh Norman, the cornerback, was asked to intercept balls thrown deep. ' +
      'Josh Norman did intercept four balls in the regular season.'
    expect(answer('How many balls did Josh Norman intercept?', [source(1, text, 'season.md')]).text).toMatch(
      /^Josh Norman did intercept four balls/u,
    )
  })

  it('quotes the sentence a pronoun refers to', () => {
    const text =
      'Peyton Manning became the first quarterback ever to lead two teams to multiple Super Bowls. ' +
      'He is also the oldest quarterback ever to play in a Super Bowl at age 39.'
    expect(
      answer('Who is the oldest quarterback to play in a Super Bowl?', [source(1, text, 'game.md')]).text,
    ).toContain('Peyton Manning')
  })

  it('quotes the sentence after the best match when it goes on about what the best one names', () => {
    const text =
      'After leaving the firm, Ada partnered with two businessmen, who agreed to finance a lighting company ' +
      'in her name, Ada Electric Light. The company installed arc lighting systems designed by Ada. ' +
      'The businessmen later formed a utility of their own.'
    const did = answer('What did Ada Electric Light do?', [source(1, text, 'ada.md')]).text
    expect(did).toContain('installed arc lighting systems')
    // Not a sentence that names something else: "The businessmen" are not "the company".
    expect(did).not.toContain('utility')
    const destroyed =
      'The town built hundreds of places of worship in all its parts. Most of them were destroyed in 1944. ' +
      'The town grew after the war.'
    expect(
      answer('When were the places of worship in the town destroyed?', [source(1, destroyed, 'town.md')])
        .text,
    ).toContain('1944')
  })

  it('answers "who is the CEO" with the line naming someone beside the role, not the certification that names the company', () => {
    const sources = [
      source(
        1,
        'Certification of Chief Executive Officer\nI have reviewed this annual report on Form 10-K of ACME, Inc.;',
        'ACME_10K.pdf',
      ),
      source(
        2,
        'Dated: July 20, 2023\n/s/ Jane Q. Roe Jane Q. Roe President and Chief Executive Officer',
        'ACME_10K.pdf',
      ),
    ]
    const { kind, text } = answer('Who is the CEO of Acme?', sources, [
      { short: 'CEO', long: 'Chief Executive Officer' },
    ])
    expect(kind).toBe('answer')
    expect(text).toMatch(/^\/s\/ Jane Q\. Roe Jane Q\. Roe President and Chief Executive Officer \[2\]/u)
  })
})

describe('composeAnswer on what is asked of a thing', () => {
  const file = (number: number, text: string, filename: string) =>
    answerSource(number, text, { document_id: filename, filename, page: 1 })

  it('does not answer "the tuition for math 260" from a slide naming the course and a form naming tuition', () => {
    const sources = [
      file(1, 'Math 260 Foundations of Geometry\nLecture 1 Euclidean Geometry', 'geometry.pptx'),
      file(
        2,
        'Box 2 shows only $9,000 because universities are not required to report tuition, fees and books.',
        'tax-instructions.pdf',
      ),
    ]
    expect(answer('what is the tuition for math 260', sources).kind).toBe('none')
    // Said of it in its own document, it is the answer.
    const priced = [
      file(3, 'The tuition for Math 260 is $1,200 per term for every student.', 'geometry.pptx'),
    ]
    expect(answer('what is the tuition for math 260', [...sources, ...priced])).toMatchObject({
      kind: 'answer',
    })
  })

  it('answers "how many employees" only with a number that counts them', () => {
    const sources = [
      file(
        1,
        'The Mozilla community consists of over 40,000 active contributors. It includes both paid employees and volunteers.',
        'mozilla.html',
      ),
    ]
    expect(answer('how many employees does mozilla have', sources).kind).toBe('none')
    expect(answer('how many contributors does mozilla have', sources)).toMatchObject({
      kind: 'answer',
      text: expect.stringContaining('40,000'),
    })
  })
})
