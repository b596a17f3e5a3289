import { describe, expect, it } from 'vitest'
import { understandQuestion } from './understandQuestion'

describe('understandQuestion', () => {
  it('reads the words pointing at a document by its kind as where to look, the pointing word as no term', () => {
    const read = understandQuestion('what causes whale strandings, per the guardian article')
    expect(read.scope).toEqual(['guardian', 'article'])
    expect(read.terms).toEqual(['causes', 'whale', 'strandings', 'guardian', 'article'])
  })

  it('reads a question word typed without its apostrophe ("whats", "wat") as no word of the ask', () => {
    expect(understandQuestion('whats the monthly rent').terms).toEqual(['monthly', 'rent'])
    expect(understandQuestion('wat is a jadu').terms).toEqual(['jadu'])
  })

  it('separates the ask from a role, a source to use and a unit', () => {
    const read = understandQuestion(
      'Assume that you are a public equities analyst. Answer the following question by primarily using ' +
        'information that is shown in the balance sheet: What is the year end FY2018 net PPNE for 3M? ' +
        'Answer in USD billions.',
    )
    expect(read.ask).toBe('What is the year end FY2018 net PPNE for 3M?')
    expect(read.unit).toBe('USD billions')
    expect(read.sections).toEqual(['balance sheet'])
    expect(read.periods).toEqual([{ year: '2018', quarter: null, words: ['fy2018'] }])
    for (const word of [
      'assume',
      'analyst',
      'answer',
      'question',
      'information',
      'shown',
      'balance',
      'usd',
    ]) {
      expect(read.terms).not.toContain(word)
    }
    expect(read.terms).toEqual(expect.arrayContaining(['net', 'ppne', '3m', '2018']))
  })

  it('reads a unit in brackets, rounding and "by relying on the cash flow statement" as instructions', () => {
    const read = understandQuestion(
      'What is the FY2019 capital expenditure amount (in USD millions) for Amcor? Give a response to the ' +
        'question by relying on the details shown in the cash flow statement. Round to one decimal place.',
    )
    expect(read.ask).toBe('What is the FY2019 capital expenditure amount for Amcor?')
    expect(read.unit).toBe('USD millions')
    expect(read.decimals).toBe(1)
    expect(read.sections).toEqual(['cash flow statement'])
    expect(read.terms).not.toContain('response')
    expect(read.terms).not.toContain('relying')
  })

  it('reads every part a question names: "X and the Y", "the statement of Z", "per the X"', () => {
    expect(
      understandQuestion(
        'Based on the information provided primarily in the balance sheet and the statement of income, ' +
          'what is FY2020 days payable outstanding for Corning?',
      ).sections,
    ).toEqual(['balance sheet', 'statement of income'])
    expect(
      understandQuestion(
        'When primarily referencing the income statement and the statement of financial position, what is ' +
          'the inventory turnover?',
      ).sections,
    ).toEqual(['income statement', 'statement of financial position'])
    expect(understandQuestion('Acme capex 2022 per the cash flow statement').sections).toEqual([
      'cash flow statement',
    ])
    expect(
      understandQuestion('Please utilize information provided within the statement of cash flows.').sections,
    ).toEqual(['statement of cash flows'])
  })

  it('keeps a leading "Using the X," as a section and the rest as the ask', () => {
    const read = understandQuestion('Using the income statement, what was net income in fiscal 2022?')
    expect(read.ask).toBe('what was net income in fiscal 2022?')
    expect(read.sections).toEqual(['income statement'])
    expect(read.periods.map(({ year }) => year)).toEqual(['2022'])
    expect(read.wants).toBe('figure')
  })

  it('names what the question names: capitalised words past the first, acronyms, years', () => {
    expect(understandQuestion("What was Boeing's total revenue in 2022?").names).toEqual(['boeing', '2022'])
    expect(understandQuestion('who is the CEO of Nike').names).toEqual(['ceo', 'nike'])
    expect(understandQuestion('Which battle did Temüjin lose to Jamukha?').names).toEqual([
      'temüjin',
      'jamukha',
    ])
    expect(understandQuestion("What was Boeing's total revenue in 2022?").total).toBe(true)
    // Typed as keywords, the first word is a name too; in a sentence it is only the sentence's start.
    expect(understandQuestion('Tesla deliveries 2021').names).toEqual(['tesla', '2021'])
    expect(understandQuestion('During what year did the war end?').names).toEqual([])
    expect(understandQuestion('Describe the Nile').names).toEqual(['nile'])
  })

  it('tells the kind of answer from the question shape', () => {
    expect(understandQuestion('When did the war end?').wants).toBe('date')
    expect(understandQuestion('Who founded the company?').wants).toBe('person')
    expect(understandQuestion('Where was he born?').wants).toBe('place')
    expect(understandQuestion('How many employees are there?').wants).toBe('figure')
    expect(understandQuestion('Pepsi capex 2021').wants).toBe('figure')
    // How accurate, as how fast: a measure ("within 3% of a lab probe").
    expect(understandQuestion('how accurate were the readings').wants).toBe('figure')
    expect(understandQuestion('Why did margins fall in 2021?').wants).toBe('other')
  })

  it('gives a defined term its other form, both ways', () => {
    const terms = [{ short: 'CEO', long: 'Chief Executive Officer' }]
    expect(understandQuestion('Who is the CEO?', terms).aliases).toEqual([
      { terms: ['ceo'], forms: [['chief', 'executive', 'officer']] },
    ])
    expect(understandQuestion('Who is the chief executive officer?', terms).aliases).toEqual([
      { terms: ['chief', 'executive', 'officer'], forms: [['ceo']] },
    ])
    expect(understandQuestion('Who is the chairman?', terms).aliases).toEqual([])
  })

  it('reads a unit of measure asked for at the end as an instruction, not a word to find', () => {
    const understood = understandQuestion(
      'What is the turbine entry temperature of a steam turbine, in degrees Celsius?',
    )
    expect(understood.terms).toEqual(['turbine', 'entry', 'temperature', 'steam'])
    expect(understood.names).toEqual([])
    expect(understood.instructions).toContain('in degrees Celsius')
    expect(understandQuestion('How long is the Amazon in kilometres?').terms).toEqual(['long', 'amazon'])
    // Not at the end, or not a unit: part of the ask.
    expect(understandQuestion('Which river in Peru is longest?').terms).toContain('peru')
  })
})
