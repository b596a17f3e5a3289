import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../retrieve/understandQuestion'
import type { SourceDocument } from './SourceDocument'
import { evidenceFirst } from './evidenceFirst'

function passage(number: number, content: string, filename = 'ACME_2022_10K.pdf'): SourceDocument {
  return {
    number,
    document_id: filename,
    chunk_id: `c${number}`,
    content,
    score: 1 / number,
    filename,
    page: number,
    heading: null,
  }
}

const STATEMENT = [
  'Consolidated Statements of Operations (Dollars in millions)',
  '| 2022 | 2021',
  'Total revenues | 66,608 | 62,286',
].join('\n')

describe('evidenceFirst', () => {
  it('puts the table passage with the asked row and year first, though search ranked it eighth', () => {
    const pool = [
      ...Array.from({ length: 7 }, (_, i) => passage(i + 1, `Revenue grew in 2022 for reason ${i + 1}.`)),
      passage(8, STATEMENT),
    ]
    const chosen = evidenceFirst(pool, understandQuestion('Acme total revenue 2022'), new Map(), 5)
    expect(chosen).toHaveLength(5)
    expect(chosen[0]?.chunk_id).toBe('c8')
    expect(chosen.map((source) => source.number)).toEqual([1, 2, 3, 4, 5])
  })

  it('puts passages naming everything the question names before those naming part of it', () => {
    const pool = [
      passage(1, 'Rivals such as Tesla sell electric cars.'),
      passage(2, 'Our chief executive spoke about 2021.'),
      passage(3, 'Tesla delivered 936,000 cars in 2021.'),
    ]
    const chosen = evidenceFirst(pool, understandQuestion('Tesla deliveries 2021'), new Map(), 2)
    expect(chosen.map((source) => source.chunk_id)).toEqual(['c3', 'c1'])
  })

  it("keeps search's order when nothing is better evidence", () => {
    const pool = [passage(1, 'Tides rose 4.2 metres.'), passage(2, 'Boats moored inside.')]
    const chosen = evidenceFirst(pool, understandQuestion('how high were the tides'), new Map(), 5)
    expect(chosen.map((source) => source.chunk_id)).toEqual(['c1', 'c2'])
  })

  it('puts a passage naming someone beside the asked role first for "who", though search ranked it last', () => {
    const pool = [
      ...Array.from({ length: 6 }, (_, i) =>
        passage(i + 1, `Acme's Chief Executive Officer certifies report ${i + 1}.`),
      ),
      passage(7, 'Signatures\nJane Q. Roe President and Chief Executive Officer of Acme'),
      passage(8, 'Mia Cruz Chief Executive Officer of Globex', 'GLOBEX_2022_10K.pdf'),
    ]
    const understanding = understandQuestion('Who is the CEO of Acme?', [
      { short: 'CEO', long: 'Chief Executive Officer' },
    ])
    const chosen = evidenceFirst(pool, understanding, new Map(), 5)
    expect(chosen[0]?.chunk_id).toBe('c7')
    // Another company's officer is no evidence about Acme.
    expect(chosen.map((source) => source.chunk_id)).not.toContain('c8')
  })

  it('puts the passages of the document the question names before look-alikes of other documents', () => {
    const pool = [
      passage(1, 'Researchers at Columbia studied the a-ha moment of insight.', 'brain-news.html'),
      passage(2, 'Many people took part in the duck hunt.', 'ducks.html'),
      passage(3, 'Many people take part in rowing clubs.', 'rowing.md'),
      passage(4, 'Roughly 4,000 people took part in the census.', 'census.pdf'),
      passage(5, 'The garden has many roses.', 'roses.md'),
      passage(
        6,
        'To answer this question, the scientists asked five people to watch dots.',
        'brain-news.html',
      ),
    ]
    const understanding = understandQuestion("how many people took part in the columbia 'a-ha' study")
    const chosen = evidenceFirst(pool, understanding, new Map(), 3)
    expect(chosen.map((source) => source.chunk_id)).toEqual(['c1', 'c6', 'c2'])
    // A name every document holds, or none, tells them not apart: search's order stands.
    const unnamed = evidenceFirst(pool, understandQuestion('how many people took part'), new Map(), 3)
    expect(unnamed.map((source) => source.chunk_id)).toEqual(['c1', 'c2', 'c3'])
  })

  it("puts a follow-up's passages of the document the reply before answered from first, unless it names what that one never prints", () => {
    const pool = [
      passage(1, 'Coffee exports rose in the year before.', 'trade.pdf'),
      passage(2, 'Rainfall was lower in the year before.', 'weather.md'),
      passage(3, 'Tea exports fell to 40 tonnes in the year before.', 'tea-farm.docx'),
      passage(4, 'Tea is picked by hand in the spring.', 'tea-farm.docx'),
    ]
    const asked = understandQuestion('and the year before?')
    const leaned = evidenceFirst(pool, asked, new Map(), 3, 'tea-farm.docx')
    expect(leaned.map((source) => source.chunk_id)).toEqual(['c3', 'c4', 'c1'])
    expect(evidenceFirst(pool, asked, new Map(), 3).map((source) => source.chunk_id)).toEqual([
      'c1',
      'c2',
      'c3',
    ])
    // "what about Coffee?" names a thing the tea farm's passages never print: search's order stands.
    const other = evidenceFirst(pool, understandQuestion('what about Coffee?'), new Map(), 3, 'tea-farm.docx')
    expect(other.map((source) => source.chunk_id)).toEqual(['c1', 'c2', 'c3'])
  })
})
