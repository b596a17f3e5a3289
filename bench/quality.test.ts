import { describe, expect, it } from 'vitest'
import { benchmarks } from './benchmarks'
import { financebenchQuestions } from './lib/financebenchQuestions'
import { distinctPages, firstPageRank, pageHitQuality, pageKey } from './lib/pageHitQuality'
import { PlainBm25, plainWords } from './lib/plainBm25'
import { qualityTable } from './lib/qualityTable'
import { xquadParagraphs } from './lib/xquadParagraphs'
import { quality, type QualityLine, qualityProblems } from './quality'

// The harness and the rule it enforces; the figures themselves are the benchmark's (`npm run bench quality`).

describe('PlainBm25', () => {
  const passages = [
    { id: 'a', text: 'Apple banana' },
    { id: 'b', text: 'apple APPLE cherry' },
    { id: 'c', text: 'cherry date' },
  ]

  it('scores with Okapi BM25, k1 1.2 and b 0.75, over lowercase words', () => {
    const bm25 = new PlainBm25(passages)
    // "apple": in 2 of 3 passages; average length 7/3 words.
    const idf = Math.log(1 + (3 - 2 + 0.5) / (2 + 0.5))
    const norm = (length: number) => 1.2 * (0.25 + (0.75 * length) / (7 / 3))
    const [a, b, c] = bm25.scores('apple')
    expect(a).toBeCloseTo((idf * 1 * 2.2) / (1 + norm(2)), 12)
    expect(b).toBeCloseTo((idf * 2 * 2.2) / (2 + norm(3)), 12)
    expect(c).toBe(0)
    expect(bm25.rank('apple')).toEqual(['b', 'a'])
    expect(bm25.rank('date apple')).toEqual(['c', 'b', 'a'])
  })

  it('does no stemming and knows no stop words', () => {
    const bm25 = new PlainBm25(passages)
    expect(bm25.rank('apples')).toEqual([])
    expect(plainWords('The FY2022 10-Q, Balance-sheet')).toEqual([
      'the',
      'fy2022',
      '10',
      'q',
      'balance',
      'sheet',
    ])
  })
})

describe('page hits', () => {
  it('ranks pages by their best chunk, each page once', () => {
    const chunks = [
      { document_id: 'X', page: 5 },
      { document_id: 'Y', page: 5 },
      { document_id: 'X', page: 5 },
      { document_id: 'X', page: 50 },
    ]
    expect(distinctPages(chunks)).toEqual([pageKey('X', 5), pageKey('Y', 5), pageKey('X', 50)])
    // Page 5 of another document is not the evidence page.
    expect(firstPageRank(distinctPages(chunks), [pageKey('X', 50)])).toBe(3)
    expect(firstPageRank(distinctPages(chunks), [pageKey('Y', 50)])).toBeNull()
  })

  it('computes hit@5, hit@10 and MRR@10 from first-hit ranks', () => {
    const quality = pageHitQuality([1, 4, 7, 11, null])
    expect(quality.hit_at_5).toBe(0.4)
    expect(quality.hit_at_10).toBe(0.6)
    expect(quality.mrr_at_10).toBeCloseTo((1 + 1 / 4 + 1 / 7) / 5, 12)
    expect(quality.questions).toBe(5)
    expect(() => pageHitQuality([])).toThrow(RangeError)
  })
})

describe('quality corpus readers', () => {
  it('reads the financebench questions with 1-indexed evidence pages, in halves fixed by company', async () => {
    const questions = await financebenchQuestions()
    expect(questions.length).toBeGreaterThanOrEqual(58)
    // The file's first question cites evidence_page_num 51 (zero-indexed).
    expect(questions[0]!.evidence).toEqual([{ doc: 'AMCOR_2023_10K', page: 52 }])
    // No company has questions in both halves, and both halves have questions.
    const halves = new Map<string, Set<string>>()
    for (const { company, half } of questions)
      halves.set(company, (halves.get(company) ?? new Set()).add(half))
    expect([...halves.values()].every((set) => set.size === 1)).toBe(true)
    expect(new Set(questions.map(({ half }) => half))).toEqual(new Set(['tune', 'report']))
  })

  it('reads the xquad source paragraphs, headings left out', async () => {
    const paragraphs = await xquadParagraphs()
    expect(paragraphs.length).toBeGreaterThan(24)
    expect(paragraphs.some(({ text }) => text.startsWith('#'))).toBe(false)
    expect(new Set(paragraphs.map(({ id }) => id)).size).toBe(paragraphs.length)
  })
})

describe('qualityProblems', () => {
  const line = (
    set: QualityLine['set'],
    method: QualityLine['method'],
    ours: number,
    base: number,
    subset: QualityLine['subset'] = 'all',
  ) => {
    const figure = set === 'xquad-en' ? 'recall_at_5' : 'hit_at_5'
    return {
      benchmark: 'quality',
      case: `${set} ${method}`,
      set,
      subset,
      scope: 'collection',
      method,
      embedder: 'hash-v1',
      similarity_threshold: null,
      figures: { [figure]: ours, mrr_at_10: 0 },
      baseline: { [figure]: base, mrr_at_10: 0.9 },
      questions: 10,
      chunks: 100,
      baseline_passages: 50,
      node: process.version,
      date: new Date().toISOString(),
    } satisfies QualityLine
  }

  it('fails when hybrid falls below the baseline on either set, and only then', () => {
    const good = [line('xquad-en', 'hybrid', 0.99, 0.99), line('financebench-dev', 'hybrid', 0.6, 0.3)]
    expect(qualityProblems(good)).toEqual([])
    // BM25 or vectors below the baseline are reported in the table, not failed.
    expect(qualityProblems([...good, line('financebench-dev', 'vector', 0.1, 0.3)])).toEqual([])
    expect(
      qualityProblems([line('xquad-en', 'hybrid', 0.98, 0.99), line('financebench-dev', 'hybrid', 0.6, 0.3)]),
    ).toEqual([expect.stringMatching(/^xquad-en: hybrid recall_at_5 0.98 is below .* 0.99$/u)])
    expect(
      qualityProblems([line('xquad-en', 'hybrid', 1, 0.99), line('financebench-dev', 'hybrid', 0.2, 0.3)]),
    ).toEqual([expect.stringMatching(/^financebench-dev: hybrid hit_at_5/u)])
    expect(qualityProblems([line('xquad-en', 'hybrid', 1, 0.99)])).toEqual([
      'no hybrid line for financebench-dev',
    ])
  })

  it("fails when hybrid falls below Quire's own BM25 on any subset", () => {
    const lines = [
      line('xquad-en', 'hybrid', 0.99, 0.9),
      line('xquad-en', 'bm25', 0.98, 0.9),
      line('financebench-dev', 'hybrid', 0.6, 0.3),
      line('financebench-dev', 'bm25', 0.6, 0.3),
      line('financebench-dev', 'hybrid', 0.5, 0.3, 'report'),
      line('financebench-dev', 'bm25', 0.55, 0.3, 'report'),
    ]
    expect(qualityProblems(lines)).toEqual([
      expect.stringMatching(/^financebench-dev report: hybrid hit_at_5 0.5 is below BM25's 0.55$/u),
    ])
  })

  it('prints the figures beside the baseline in an aligned table', () => {
    const table = qualityTable([
      line('xquad-en', 'hybrid', 0.99, 0.98),
      line('financebench-dev', 'bm25', 0.6, 0.3),
    ])
    const rows = table.split('\n')
    expect(rows).toHaveLength(3)
    expect(rows[1]).toMatch(
      /^xquad-en {10}hybrid {2}recall_at_5 0\.990 \/ 0\.980 {2}mrr_at_10 0\.000 \/ 0\.900$/u,
    )
    expect(rows[2]!.indexOf('hit_at_5')).toBe(rows[1]!.indexOf('recall_at_5'))
    // A figure the baseline has none of (a way Quire searched before) stands alone.
    const typed = qualityTable([
      { set: 'natural', method: 'hybrid', figures: { hit_at_5_as_typed: 0.25 }, baseline: {} },
    ])
    expect(typed.split('\n')[1]).toMatch(/hit_at_5_as_typed 0\.250$/u)
  })

  it('is in the registry under the name `npm run bench quality` matches', () => {
    expect(benchmarks).toContain(quality)
    expect(quality.name).toBe('quality')
  })
})
