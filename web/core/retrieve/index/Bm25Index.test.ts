import { describe, expect, it } from 'vitest'
import { type Bm25Chunk, Bm25Index } from './Bm25Index'

function chunk(id: string, text: string, extra: Partial<Bm25Chunk> = {}): Bm25Chunk {
  return { id, text, heading: null, collection_id: 'c1', document_id: `doc-${id}`, ...extra }
}

const CHUNKS = [
  chunk('tesla', 'Nikola Tesla was an inventor who worked on alternating current and induction motors.'),
  chunk('edison', 'Thomas Edison promoted direct current and built a laboratory in Menlo Park.'),
  chunk('oxygen', 'Oxygen is a chemical element; it was discovered by Scheele and Priestley.'),
  chunk('steam', 'The steam engine used steam pressure; Watt improved the steam engine greatly.'),
  chunk('warsaw', 'Warsaw is the capital of Poland, on the Vistula river.', { collection_id: 'c2' }),
]

const ids = (hits: Array<{ id: string }>) => hits.map((hit) => hit.id)

describe('Bm25Index', () => {
  it("counts a term's documents again once chunks are added or removed (answers are kept meanwhile)", () => {
    const index = new Bm25Index()
    index.add(CHUNKS)
    expect(index.documentFrequency('current')).toBe(2)
    expect(index.documentFrequency('current', ['c1'], 1)).toBe(1)
    index.add([chunk('ampere', 'Ampere measured current.', { document_id: 'doc-ampere' })])
    expect(index.documentFrequency('current')).toBe(3)
    expect(index.documentFrequency('current', ['c2'])).toBe(0)
    index.remove(['tesla', 'edison'])
    expect(index.documentFrequency('current')).toBe(1)
    index.add([chunk('volta', 'Volta made current flow.', { collection_id: 'c2', document_id: 'doc-volta' })])
    expect(index.documentFrequency('current', ['c2'])).toBe(1)
    expect(index.documentFrequency('current', ['c1', 'c2'])).toBe(2)
  })

  it('ranks the passage with the query terms first, scores positive and descending', () => {
    const index = new Bm25Index()
    index.add(CHUNKS)
    expect(index.size).toBe(5)
    const hits = index.search('Who invented alternating current induction motors?', { limit: 10 })
    expect(hits[0]?.id).toBe('tesla')
    // "current" alone also matches Edison, lower.
    expect(ids(hits)).toContain('edison')
    expect(ids(hits).indexOf('edison')).toBeGreaterThan(0)
    for (const hit of hits) expect(hit.score).toBeGreaterThan(0)
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.score).toBeLessThanOrEqual(hits[i - 1]!.score)
  })

  it('prefers more occurrences of a term and rarer terms', () => {
    const index = new Bm25Index()
    index.add([...CHUNKS, chunk('kettle', 'A kettle makes steam for tea and other hot drinks.')])
    expect(ids(index.search('steam', { limit: 10 }))).toEqual(['steam', 'kettle'])
    // "current" is in two passages, "menlo" in one: the rare term decides.
    expect(index.search('current menlo', { limit: 10 })[0]?.id).toBe('edison')
  })

  it('finds nothing for a query of stop words or punctuation, or with limit 0', () => {
    const index = new Bm25Index()
    index.add(CHUNKS)
    expect(index.search('what is the', { limit: 10 })).toEqual([])
    expect(index.search('?!', { limit: 10 })).toEqual([])
    expect(index.search('steam', { limit: 0 })).toEqual([])
    expect(new Bm25Index().search('steam', { limit: 10 })).toEqual([])
  })

  it('honours limit and filters by collection', () => {
    const index = new Bm25Index()
    index.add(CHUNKS)
    index.add([chunk('warsaw-2', 'Warsaw was rebuilt after the war.', { collection_id: 'c3' })])
    expect(index.search('warsaw capital', { limit: 1 })).toHaveLength(1)
    expect(ids(index.search('warsaw', { limit: 10 })).sort()).toEqual(['warsaw', 'warsaw-2'])
    expect(ids(index.search('warsaw', { limit: 10, collectionIds: ['c3'] }))).toEqual(['warsaw-2'])
    expect(ids(index.search('warsaw', { limit: 10, collectionIds: ['c1', 'c2'] }))).toEqual(['warsaw'])
    expect(index.search('warsaw', { limit: 10, collectionIds: [] })).toEqual([])
    expect(index.search('warsaw', { limit: 10, collectionIds: ['unknown'] })).toEqual([])
    // Every collection listed (no posting's collection is then looked up): as unfiltered.
    const every = index.search('warsaw', { limit: 10, collectionIds: ['c3', 'c2', 'c1', 'unknown'] })
    expect(every).toEqual(index.search('warsaw', { limit: 10 }))
    // One removed: its code stays known, so listing the others still filters.
    index.remove(['warsaw-2'])
    expect(ids(index.search('warsaw', { limit: 10, collectionIds: ['c1', 'c2'] }))).toEqual(['warsaw'])
  })

  it('does not count figures towards a chunk’s length: a table row scores as its label alone would', () => {
    const index = new Bm25Index()
    index.add([
      chunk('row', 'Capital spending | (4,625) | (4,240) | (4,232) | 1,135 | 2,021'),
      chunk('label', 'Capital spending'),
      chunk('prose', 'Capital spending rose as the harbour company bought new cranes this year'),
      ...CHUNKS,
    ])
    const hits = index.search('capital spending', { limit: 3 })
    expect(ids(hits).slice(0, 2).sort()).toEqual(['label', 'row'])
    expect(hits[0]!.score).toBeCloseTo(hits[1]!.score, 9)
    expect(hits[2]!.id).toBe('prose')
  })

  it('searches the heading as well as the text', () => {
    const index = new Bm25Index()
    index.add([
      chunk('a', 'He moved to New York in 1884.', { heading: 'Nikola Tesla > Early life' }),
      chunk('b', 'The city grew quickly in 1884.'),
    ])
    expect(ids(index.search('tesla 1884', { limit: 10 }))).toEqual(['a', 'b'])
  })

  it('finds Chinese and Thai text through bigrams', () => {
    const index = new Bm25Index()
    index.add([
      chunk('zh', '北京是中华人民共和国的首都。'),
      chunk('ja', '東京は日本の首都です。'),
      chunk('th', 'กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย'),
    ])
    expect(index.search('中国的首都北京', { limit: 10 })[0]?.id).toBe('zh')
    expect(index.search('日本の首都', { limit: 10 })[0]?.id).toBe('ja')
    expect(ids(index.search('เมืองหลวง', { limit: 10 }))).toEqual(['th'])
  })

  it('removes chunks, whole documents and collections, and replaces a re-added id', () => {
    const index = new Bm25Index()
    index.add([
      ...CHUNKS,
      chunk('tesla-2', 'Tesla demonstrated wireless lighting.', { document_id: 'doc-tesla' }),
    ])
    index.remove(['edison', 'no-such-id'])
    expect(ids(index.search('current', { limit: 10 }))).toEqual(['tesla'])
    expect(index.has('edison')).toBe(false)

    index.removeDocument('doc-tesla')
    expect(index.search('tesla', { limit: 10 })).toEqual([])
    expect(index.size).toBe(3)

    index.removeCollection('c2')
    expect(index.search('warsaw', { limit: 10 })).toEqual([])
    expect(index.size).toBe(2)

    index.add([chunk('steam', 'Locomotives ran on coal.')])
    expect(index.size).toBe(2)
    expect(index.search('steam', { limit: 10 })).toEqual([])
    expect(ids(index.search('coal', { limit: 10 }))).toEqual(['steam'])
    // The same id twice in one batch: the later version wins.
    index.add([chunk('x', 'first version'), chunk('x', 'second version')])
    expect(ids(index.search('second', { limit: 10 }))).toEqual(['x'])
    expect(index.search('first', { limit: 10 })).toEqual([])
  })

  it('round-trips through bytes with the same results, collections and document removal', () => {
    const index = new Bm25Index()
    index.add([...CHUNKS, chunk('tesla-2', 'Tesla and alternating current.', { document_id: 'doc-tesla' })])
    index.remove(['oxygen'])
    const restored = Bm25Index.fromBytes(index.toBytes())
    expect(restored.size).toBe(index.size)
    for (const query of ['alternating current', 'steam engine', 'oxygen', 'warsaw capital']) {
      expect(restored.search(query, { limit: 10 })).toEqual(index.search(query, { limit: 10 }))
    }
    expect(ids(restored.search('warsaw', { limit: 10, collectionIds: ['c1'] }))).toEqual([])
    restored.removeDocument('doc-tesla')
    expect(restored.search('tesla', { limit: 10 })).toEqual([])
  })
})
