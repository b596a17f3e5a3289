import { describe, expect, it } from 'vitest'
import {
  answerWords,
  containsAnswer,
  gradeLibraryAnswer,
  holdsItem,
  holdsTerm,
  matchText,
  SUMMARY_MAX_WORDS,
} from './gradeLibraryAnswer'

const DOC = 'pymupdf__test_3848.pdf'
const sources = [
  { number: 1, filename: DOC },
  { number: 2, filename: 'other.pdf' },
]

describe('containsAnswer', () => {
  it('tolerates case, whitespace, thousands separators, dashes and unit spellings', () => {
    expect(containsAnswer('Max digging depth: 4,060 mm [1].', '4 060 mm')).toBe(true)
    expect(containsAnswer('Max digging depth: 4060 millimetres.', '4,060 mm')).toBe(true)
    expect(containsAnswer('Total: 2 236 457 checks', '2,236,457')).toBe(true)
    expect(containsAnswer('Iowa 1.35 – 1.42 [1]', '1.35-1.42')).toBe(true)
    expect(containsAnswer('up to 800 square feet', '800 sq ft')).toBe(true)
    expect(containsAnswer('22% of them', '22 percent')).toBe(true)
    expect(containsAnswer('it uses 4 gigabytes', '4 GB')).toBe(true)
    expect(containsAnswer('THE UNITED   STATES', 'United States')).toBe(true)
  })

  it('needs the answer whole: not inside a longer number or word', () => {
    expect(containsAnswer('There were 360 tables', '36')).toBe(false)
    expect(containsAnswer('decided in 1936', '36')).toBe(false)
    expect(containsAnswer('36,553.39 dollars', '36')).toBe(false)
    expect(containsAnswer('0.2% of it', '2%')).toBe(false)
    expect(containsAnswer('12% of it', '2%')).toBe(false)
    expect(containsAnswer('mandrake root', 'drake')).toBe(false)
    expect(containsAnswer('36 of them were consistent', '36')).toBe(true)
    expect(containsAnswer('male ducks are drakes', 'drake')).toBe(true)
  })

  it('ignores citation marks inside the reply', () => {
    expect(containsAnswer('counted 400[1] nuclei', '400')).toBe(true)
    expect(containsAnswer('see [36]', '36')).toBe(false)
  })
})

describe('holdsTerm and holdsItem', () => {
  it('matches a key term with simple inflections, words next to each other', () => {
    expect(holdsTerm('It is written for the tool developer.', 'tool developers')).toBe(true)
    expect(holdsTerm('Tasks are scheduled and run at least once.', 'at-least-once')).toBe(true)
    expect(holdsTerm('a scheduler for tasks', 'scheduling')).toBe(false)
    expect(holdsTerm('It schedules tasks.', 'scheduling')).toBe(true)
    expect(holdsTerm('Many HBCU leaders spoke.', 'HBCUs')).toBe(true)
    expect(holdsTerm('developers of tools', 'tool developers')).toBe(false)
  })

  it('holds an item whose meaningful words are all there, its gloss in brackets aside', () => {
    const item = 'select the relevant controls (include/exclude)'
    expect(holdsItem('3. Select the controls that are relevant to you.', item)).toBe(true)
    expect(holdsItem('3. Select the controls.', item)).toBe(false)
    const file = 'FedRAMP-SSP-OSCAL-Template.json'
    expect(
      holdsItem('The OSCAL-based FedRAMP SSP Template is available in XML and JSON formats here:', file),
    ).toBe(false)
    expect(holdsItem('JSON: https://example.org/json/FedRAMP-SSP-OSCAL-Template.json', file)).toBe(true)
    expect(
      holdsItem(
        'Mammoth supports bold, italic, underline and strikethrough.',
        'bold, italics, underlines, strikethrough',
      ),
    ).toBe(true)
  })
})

describe('matchText', () => {
  it('drops marks and separators', () => {
    expect(matchText('Total: 2,236,457 [3] checks')).toBe('total: 2236457 checks')
  })
})

describe('answerWords', () => {
  it('does not count citation marks', () => {
    expect(answerWords('A drake [1]. Drakes [2][3] quack.')).toBe(4)
  })
})

describe('gradeLibraryAnswer', () => {
  it('grades a fact right when it holds an alternative and does not refuse', () => {
    const q = { kind: 'fact' as const, doc: DOC, answer: ['31.7 gal', '120 L'] }
    const grade = gradeLibraryAnswer(q, 'Fuel tank: 120 litres [1].', sources)
    expect(grade).toMatchObject({
      right: true,
      refused: false,
      firstSourceRight: true,
      firstCitedRight: true,
    })
    expect(gradeLibraryAnswer(q, 'Fuel tank: 130 L [2].', sources)).toMatchObject({
      right: false,
      firstCitedRight: false,
    })
  })

  it('counts a refusal that happens to name the answer as a refusal, not as right', () => {
    const q = { kind: 'fact' as const, doc: DOC, answer: ['towing'] }
    const reply = 'The documents do not contain the answer to this question. None of them mentions “towing”.'
    expect(gradeLibraryAnswer(q, reply, sources)).toMatchObject({ right: false, refused: true })
  })

  it('wants every key term in at most 80 words for a summary', () => {
    const q = { kind: 'summary' as const, doc: DOC, answer: ['async', 'task', 'scheduling'] }
    const short = 'ATF is an async task framework for scheduling work [1].'
    expect(gradeLibraryAnswer(q, short, sources)).toMatchObject({ right: true, held: { found: 3, of: 3 } })
    const long = `${short} ${'more words here '.repeat(SUMMARY_MAX_WORDS / 3)}`
    expect(gradeLibraryAnswer(q, long, sources).right).toBe(false)
    expect(gradeLibraryAnswer(q, 'ATF runs tasks [1].', sources)).toMatchObject({
      right: false,
      held: { found: 1, of: 3 },
    })
  })

  it('wants more than half of the items of a list', () => {
    const q = { kind: 'list' as const, doc: DOC, answer: ['rotate', 'remove background', 'deskew', 'clean'] }
    expect(gradeLibraryAnswer(q, 'It rotates, deskews and cleans pages.', sources).right).toBe(true)
    expect(gradeLibraryAnswer(q, 'It rotates and deskews pages.', sources).right).toBe(false)
  })

  it('grades an absent question right only when refused, with no source to judge', () => {
    const q = { kind: 'absent' as const, doc: null, answer: [] }
    expect(gradeLibraryAnswer(q, 'Not found in the documents.', sources)).toMatchObject({
      right: true,
      firstSourceRight: null,
      firstCitedRight: null,
    })
    expect(gradeLibraryAnswer(q, 'Ducks live 10 years [1].', sources).right).toBe(false)
  })

  it('judges the first source by the listed order', () => {
    const q = { kind: 'fact' as const, doc: DOC, answer: ['poster'] }
    const grade = gradeLibraryAnswer(q, 'Use mutool poster [2].', [...sources].reverse())
    expect(grade).toMatchObject({ right: true, firstSourceRight: false, firstCitedRight: false })
  })
})
