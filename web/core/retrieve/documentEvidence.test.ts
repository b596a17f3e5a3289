import { describe, expect, it } from 'vitest'
import { type DocumentProfile, documentProfile, documentScores, documentWeights } from './documentEvidence'

// Small folders of look-alike documents, written here: none of the benchmark's filings.

/** A document's profile from its file name and opening text. */
function profile(documentId: string, filename: string, opening: string): DocumentProfile {
  return documentProfile({ documentId, filename, opening })
}

const reports = [
  profile(
    'acme-2021',
    'ACME_2021_annual.pdf',
    'ACME WIDGETS, INC. Annual report for the fiscal year ended December 31, 2021. Revenue and cash.',
  ),
  profile(
    'acme-2022',
    'ACME_2022_annual.pdf',
    'ACME WIDGETS, INC. Annual report for the fiscal year ended December 31, 2022. Revenue and cash.',
  ),
  profile(
    'globex-2022',
    'GlobexCorp_2022_annual.pdf',
    'GLOBEX CORPORATION. Annual report for the fiscal year ended December 31, 2022. Revenue and cash.',
  ),
]

function best(scores: Map<string, number>): string | undefined {
  return [...scores].sort((a, b) => b[1] - a[1])[0]?.[0]
}

describe('documentScores', () => {
  it('ranks the document a question names by company and year above its look-alikes', () => {
    expect(best(documentScores('What was Acme revenue in 2022?', reports))).toBe('acme-2022')
    expect(best(documentScores("What was Acme's revenue in 2021?", reports))).toBe('acme-2021')
    expect(best(documentScores('How much cash did Globex hold in 2022?', reports))).toBe('globex-2022')
  })

  it('reads names glued together in a file name and abbreviations of a label word', () => {
    // "GlobexCorp" splits at its case change; "Globex Corp" also meets it glued.
    expect(best(documentScores('Globex Corp cash', reports))).toBe('globex-2022')
    const banks = [
      profile('bank', 'JPMORGAN_2021Q1_10Q.pdf', 'Quarterly report.'),
      profile('shop', 'BESTBUY_2021Q1_10Q.pdf', 'Quarterly report.'),
    ]
    expect(best(documentScores("JPM's net revenue in Q1", banks))).toBe('bank')
    expect(best(documentScores('Best Buy stores', banks))).toBe('shop')
  })

  it('reads a word typed in another form of a label word ("refactoring" for "HowWeRefactor")', () => {
    const talks = [
      profile('refactor', 'presentations_HowWeRefactor.pptx', 'How We Refactor, and How We Know It'),
      profile('blog', 'test_blog.html', 'In this study we compare language models.'),
      profile('paper', 'bridges.pdf', 'A study of bridges and how they age.'),
      profile('guide', 'install-guide.md', 'Installing the server.'),
    ]
    expect(best(documentScores('who funded the refactoring study', talks))).toBe('refactor')
    // A short label word begins too many others to be their stem ("deck" in "decked").
    const decks = [profile('deck', 'deck.pptx', 'Slides.'), profile('other', 'notes.md', 'Decked out.')]
    expect(documentScores('decked', decks).has('deck')).toBe(false)
  })

  it('works for manuals by version and papers by author alike', () => {
    const manuals = [
      profile('v2', 'router-manual-v2.pdf', 'Router X200 user manual, version 2.'),
      profile('v3', 'router-manual-v3.pdf', 'Router X200 user manual, version 3.'),
    ]
    expect(best(documentScores('How do I reset the router in v3?', manuals))).toBe('v3')
    const papers = [
      profile('a', 'paper1.pdf', 'Tracing JITs. Andreas Gal, Brendan Eich.'),
      profile('b', 'paper2.pdf', 'Garbage collection. Ada Lovelace.'),
    ]
    expect(best(documentScores("What does Lovelace's paper say about pauses?", papers))).toBe('b')
  })

  it('gives no weight to a word every document uses, and none to documents it cannot tell apart', () => {
    // "annual", "report", "revenue" are in every profile; and used everywhere in the folder.
    const everywhere = () => reports.length
    const scores = documentScores('annual report revenue', reports, everywhere)
    const values = [...scores.values()]
    expect(Math.max(...values) - Math.min(...values)).toBeLessThan(0.2)
  })

  it("measures an opening word's rarity over whole documents, so a cover page's metric is no name", () => {
    const releases: DocumentProfile[] = [
      profile('x', 'x.pdf', 'Zentrix reports record EBITDA: EBITDA margin grew.'),
      profile('y', 'y.pdf', 'Quarterly report of Yonder Ltd.'),
    ]
    // Without the folder's counts, EBITDA (on one cover) names x; every document uses it, so it does not.
    expect(best(documentScores('Yonder EBITDA', releases))).toBe('x')
    const frequency = (term: string) => (term === 'ebitda' ? 2 : 1)
    expect(best(documentScores('Yonder EBITDA', releases, frequency))).toBe('y')
  })
})

describe('documentWeights', () => {
  it('lifts the named document most, by a factor of 1 + strength, and others by their share', () => {
    const weights = documentWeights('Acme 2022', reports, 4)
    expect(weights.get('acme-2022')).toBe(5)
    expect(weights.get('acme-2021')!).toBeGreaterThan(1)
    expect(weights.get('acme-2021')!).toBeLessThan(5)
    expect(weights.get('globex-2022') ?? 1).toBeLessThan(weights.get('acme-2021')!)
  })

  it('is empty for one document, no strength, or a question that names nothing', () => {
    expect(documentWeights('Acme 2022', reports.slice(0, 1), 4).size).toBe(0)
    expect(documentWeights('Acme 2022', reports, 0).size).toBe(0)
    expect(documentWeights('zebra', reports, 4).size).toBe(0)
  })
})
