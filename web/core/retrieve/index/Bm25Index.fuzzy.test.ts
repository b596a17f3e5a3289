import { describe, expect, it } from 'vitest'
import { type Bm25Chunk, Bm25Index } from './Bm25Index'

function chunk(id: string, text: string): Bm25Chunk {
  return { id, text, heading: null, collection_id: 'c1', document_id: `doc-${id}` }
}

const ids = (hits: Array<{ id: string }>) => hits.map((hit) => hit.id)

function index(): Bm25Index {
  const bm25 = new Bm25Index()
  bm25.add([
    chunk('plague', 'Septicemic plague is a type of blood poisoning; the pneumonic form spreads by air.'),
    chunk('ctenophores', 'Most cydippids have egg-shaped bodies and a pair of tentacles.'),
    chunk('war', 'The war ended in 1943 with a treaty signed in the great halls of the palace.'),
    chunk('ball', 'A ball game with two teams and a referee who calls the fouls.'),
  ])
  return bm25
}

describe('Bm25Index query terms it does not know', () => {
  it('matches a misspelt or inflected term within one edit (5 to 7 letters) or two (8 or more)', () => {
    // "septicemia" is two edits from "septicemic" (10 letters: two allowed).
    expect(ids(index().search('What is septicemia?', { limit: 5 }))).toEqual(['plague'])
    // One edit, 7 letters.
    expect(ids(index().search('pneumonc', { limit: 5 }))).toEqual(['plague'])
    // 9 letters: "poisnoing" is two edits from "poisoning".
    expect(ids(index().search('poisnoing', { limit: 5 }))).toEqual(['plague'])
    // Three edits is too far, even for a long word.
    expect(index().search('cypiddids', { limit: 5 })).toEqual([])
  })

  it("matches a quality's noun to its adjective and back, further apart than two edits", () => {
    const bm25 = new Bm25Index()
    bm25.add([
      chunk('lin', 'A system is linearizable when every operation appears to take effect at one instant.'),
      chunk('rel', 'The reliability of the network decides how often messages are lost.'),
    ])
    expect(ids(bm25.search('what is linearizability', { limit: 5 }))).toEqual(['lin'])
    expect(ids(bm25.search('how reliable is the network', { limit: 5 }))).toContain('rel')
  })

  it('never corrects short terms or terms with digits', () => {
    // "bal" is one edit from "ball", but three letters are too few to guess from.
    expect(index().search('bal', { limit: 5 })).toEqual([])
    // "hall" is no correction: it is the singular of "halls", the same term.
    expect(ids(index().search('hall', { limit: 5 }))).toEqual(['war'])
    // 1942 is not 1943.
    expect(index().search('1942', { limit: 5 })).toEqual([])
  })

  it('keeps known terms exact and lets an exact match outrank a corrected one', () => {
    // "halls" is known, so it is not also matched to "calls", one edit away.
    expect(ids(index().search('halls', { limit: 5 }))).toEqual(['war'])
    // "treaty" is exact in "war"; "tentacel" is corrected to "tentacle", worth less. (A misspelt
    // plural is corrected twice, as itself and as its singular, and so counts as two words.)
    const hits = index().search('treaty tentacel', { limit: 5 })
    expect(ids(hits)).toEqual(['war', 'ctenophores'])
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score)
  })

  it('corrects against the whole index but still honours the collection filter', () => {
    const bm25 = index()
    bm25.add([{ ...chunk('other', 'Septicemic cases in another collection.'), collection_id: 'c2' }])
    expect(ids(bm25.search('septicemia', { limit: 5, collectionIds: ['c2'] }))).toEqual(['other'])
    expect(ids(bm25.search('septicemia', { limit: 5, collectionIds: ['c1'] }))).toEqual(['plague'])
  })

  it('survives a bytes round trip (the sorted term table it walks is read back)', () => {
    const restored = Bm25Index.fromBytes(index().toBytes())
    expect(ids(restored.search('septicemia', { limit: 5 }))).toEqual(['plague'])
    expect(ids(restored.search('halls', { limit: 5 }))).toEqual(['war'])
  })
})
