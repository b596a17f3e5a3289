import MiniSearch, { type Options } from 'minisearch'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../testing/seededRandom'
import { miniSearchTopK } from './miniSearchTopK'
import { tokenize } from './tokenize'

interface Doc {
  id: string
  text: string
  heading: string | null
  collection_id: string
}

// The options Bm25Index uses (fields, stored collection, heading boost, its tokenizer).
const options = (extra: Partial<Options<Doc>> = {}): Options<Doc> => ({
  fields: ['text', 'heading'],
  storeFields: ['collection_id'],
  tokenize: (text) => tokenize(text),
  processTerm: (term) => term,
  searchOptions: { boost: { heading: 1.5 } },
  autoVacuum: false,
  ...extra,
})

/**
 * Words with very unequal frequencies (a few in most documents, most in few), so that queries
 * match many documents, scores tie (repeated documents) and terms repeat within a document.
 */
function makeDocs(next: () => number, count: number, vocabulary: readonly string[]): Doc[] {
  const word = () => vocabulary[Math.floor(vocabulary.length * next() ** 3)]!
  const docs: Doc[] = []
  for (let i = 0; i < count; i++) {
    const duplicateOf = i > 10 && next() < 0.1 ? docs[Math.floor(next() * docs.length)] : undefined
    const text = duplicateOf?.text ?? Array.from({ length: 3 + Math.floor(next() * 40) }, word).join(' ')
    const heading = next() < 0.2 ? null : Array.from({ length: 1 + Math.floor(next() * 3) }, word).join(' ')
    docs.push({ id: `d${i}`, text, heading, collection_id: `c${i % 4}` })
  }
  return docs
}

// Words of 4 to 6 letters, so that a changed letter is often another word of the vocabulary.
const vocabulary = Array.from({ length: 300 }, (_, i) => `w${(i * 7919).toString(36)}x`)

type Fuzzy = ((term: string) => number | false) | undefined

/** Fuzzy search for the terms the index does not know, as `Bm25Index` asks for it. */
const fuzzyForUnknown = (mini: MiniSearch<Doc>): Fuzzy => {
  const known = (mini as unknown as { _index: { has(term: string): boolean } })._index
  return (term) => (known.has(term) ? false : term.length >= 6 ? 2 : 1)
}

/** MiniSearch's own answer, cut the same way Bm25Index cuts it. */
function reference(
  mini: MiniSearch<Doc>,
  query: string,
  limit: number,
  collections?: Set<string>,
  fuzzy?: Fuzzy,
) {
  return mini
    .search(query, {
      ...(fuzzy ? { fuzzy } : {}),
      boostDocument: collections
        ? (_id, _term, stored) => (collections.has(stored?.collection_id as string) ? 1 : 0)
        : undefined,
    })
    .slice(0, limit)
    .map((hit) => ({ id: hit.id as string, score: hit.score }))
}

function fast(mini: MiniSearch<Doc>, query: string, limit: number, collections?: Set<string>, fuzzy?: Fuzzy) {
  return miniSearchTopK(mini, query, {
    limit,
    fuzzy,
    only: collections ? { field: 'collection_id', values: collections } : null,
  })
}

describe('miniSearchTopK', () => {
  it('gives MiniSearch’s ids, scores (to the bit) and order, through removals and re-adds', () => {
    const next = seededRandom(11)
    const docs = makeDocs(next, 1500, vocabulary)
    // Two indexes fed the same operations: searching cleans stale postings, so each side needs its own.
    const expected = new MiniSearch<Doc>(options())
    const actual = new MiniSearch<Doc>(options())
    const both = (operation: (mini: MiniSearch<Doc>) => void) => {
      operation(expected)
      operation(actual)
    }
    both((mini) => mini.addAll(docs))
    // Query words: a stop word now and then, a misspelt word (one letter changed) now and then.
    const queryWord = () => {
      if (next() < 0.1) return 'the'
      const word = vocabulary[Math.floor(vocabulary.length * next() ** 2)]!
      if (next() > 0.15) return word
      const at = 1 + Math.floor(next() * (word.length - 1))
      return word.slice(0, at) + 'qz'[Math.floor(next() * 2)] + word.slice(at + 1)
    }
    const query = () => Array.from({ length: 1 + Math.floor(next() * 6) }, queryWord).join(' ')
    let compared = 0
    const check = () => {
      for (let q = 0; q < 40; q++) {
        const text = query()
        for (const limit of [1, 5, 50, 10_000]) {
          const collections = q % 3 === 0 ? new Set(['c1', 'c3']) : undefined
          const fuzzy = q % 2 === 0
          const want = reference(
            expected,
            text,
            limit,
            collections,
            fuzzy ? fuzzyForUnknown(expected) : undefined,
          )
          expect(fast(actual, text, limit, collections, fuzzy ? fuzzyForUnknown(actual) : undefined)).toEqual(
            want,
          )
          compared += want.length
        }
      }
    }
    check()
    // Discarded documents leave stale postings until a vacuum; both must drop them the same way.
    const removed = docs.filter(() => next() < 0.2).map((doc) => doc.id)
    both((mini) => mini.discardAll(removed))
    check()
    check()
    const added = makeDocs(next, 200, vocabulary).map((doc) => ({ ...doc, id: `n${doc.id}` }))
    // Some removed ids come back in another collection (a document moved and re-processed).
    const returned = docs
      .filter((doc) => removed.includes(doc.id) && next() < 0.5)
      .map((doc) => ({ ...doc, collection_id: doc.collection_id === 'c1' ? 'c2' : 'c1' }))
    both((mini) => mini.addAll([...added, ...returned]))
    check()
    expect(compared).toBeGreaterThan(10_000)
  })

  it('agrees after a vacuum, for repeated query terms, and for queries with no terms', async () => {
    const next = seededRandom(5)
    const docs = makeDocs(next, 400, vocabulary)
    const expected = new MiniSearch<Doc>(options())
    const actual = new MiniSearch<Doc>(options())
    for (const mini of [expected, actual]) {
      mini.addAll(docs)
      mini.discardAll(docs.slice(0, 100).map((doc) => doc.id))
      await mini.vacuum()
    }
    const [w0, w1, w2] = vocabulary as [string, string, string]
    for (const text of [
      `${w0} ${w0} ${w1}`,
      `${w1} ${w0} ${w1} ${w1}`,
      `${w2} zzz ${w2}`,
      'the of',
      '',
      'zzz',
    ]) {
      expect(fast(actual, text, 50)).toEqual(reference(expected, text, 50))
      // Fuzzy search at a fixed fuzziness too, for every term, known or not.
      expect(fast(actual, text, 50, undefined, () => 0.3)).toEqual(
        reference(expected, text, 50, undefined, () => 0.3),
      )
    }
    expect(fast(actual, w0, 0)).toEqual([])
  })

  it('hands options it does not reproduce to MiniSearch', () => {
    const next = seededRandom(9)
    const docs = makeDocs(next, 300, vocabulary)
    const mini = new MiniSearch<Doc>(options({ searchOptions: { prefix: true, fuzzy: 0.2 } }))
    mini.addAll(docs)
    for (const text of [vocabulary[1]!, `${vocabulary[2]} ${vocabulary[3]}`, 'w']) {
      expect(fast(mini, text, 20)).toEqual(reference(mini, text, 20))
    }
  })
})
