import { describe, expect, it } from 'vitest'
import { understandQuestion } from '../retrieve/understandQuestion'
import type { ChunkRecord } from '../store/ChunkRecord'
import { releaseSection } from './releaseSection'
import type { SourceDocument } from './SourceDocument'

/** A changelog's passages in the order the store lists them: one a section. */
const CHANGELOG: Array<[string, string]> = [
  ['Changelog > [2.1.0] - 2024-03-02 > Added', 'Added\n\n- CSV export'],
  ['Changelog > [2.1.0] - 2024-03-02 > Fixed', 'Fixed\n\n- Crash on empty files'],
  ['Changelog > [2.0.0] - 2024-01-10 > Added', 'Added\n\n- Sync'],
  ['Changelog > [2.0.0] - 2024-01-10 > Removed', 'Removed\n\n- The old sync API'],
]

const chunk = ([heading, text]: [string, string], index: number): ChunkRecord => ({
  id: `changelog#${index}`,
  document_id: 'changelog',
  collection_id: 'c',
  index,
  text,
  page: null,
  heading,
  token_count: 10,
  embedder: null,
  vector: null,
})

const store = {
  listChunks: async ({ documentId }: { documentId?: string }) =>
    documentId === 'changelog' ? CHANGELOG.map(chunk) : [],
}

const found = (number: number, index: number, filename = 'CHANGELOG.md'): SourceDocument => ({
  number,
  document_id: filename === 'CHANGELOG.md' ? 'changelog' : filename,
  chunk_id: `${filename === 'CHANGELOG.md' ? 'changelog' : filename}#${index}`,
  content: CHANGELOG[index]![1],
  score: 1 / number,
  filename,
  page: null,
  heading: filename === 'CHANGELOG.md' ? CHANGELOG[index]![0] : 'Notes',
})

const read = (question: string, pool: SourceDocument[]) =>
  releaseSection({ store, pool, understanding: understandQuestion(question), documentWords: new Map() }, 5)

describe('releaseSection', () => {
  it("reads the changelog's passages under the release asked, in order, search's where it found them", async () => {
    // Search found 2.1.0's "Added" only; its "Fixed" is read from the store.
    const section = await read('what changed in 2.1', [found(1, 0)])
    expect(section.map(({ chunk_id }) => chunk_id)).toEqual(['changelog#0', 'changelog#1'])
    expect(section[0]?.number).toBe(1)
    const two = await read('whats new in version 2', [found(1, 0)])
    expect(two.map(({ heading }) => heading)).toEqual(CHANGELOG.slice(2).map(([heading]) => heading))
  })

  it('reads a changelog search found only by its opening, and the release a date is asked of', async () => {
    // The changelog's opening ("All notable changes…") under no release's heading, after another file's passage.
    const opening: SourceDocument = { ...found(2, 0), chunk_id: 'changelog#intro', heading: 'Changelog' }
    const latest = await read("what's new in the latest release", [found(1, 0, 'notes.md'), opening])
    expect(latest.map(({ chunk_id }) => chunk_id)).toEqual(['changelog#0', 'changelog#1'])
    // A date asked: the release's first passage, whose heading prints it, then the named release's first,
    // which says the release asked stands next to one the changelog names.
    const before = await read('when was the release before 2.1.0 released', [opening])
    expect(before.map(({ heading }) => heading)).toEqual([CHANGELOG[2]![0], CHANGELOG[0]![0]])
    const version = await read('what is the version before 2.1.0', [opening])
    expect(version.map(({ heading }) => heading)).toEqual([CHANGELOG[2]![0], CHANGELOG[0]![0]])
    expect(await read('when was the release before 2.0.0 released', [opening])).toEqual([])
  })

  it('reads the changelog of the program the question names where search found two', async () => {
    const other: SourceDocument = {
      ...found(1, 0),
      document_id: 'other',
      chunk_id: 'other#0',
      filename: 'HISTORY.md',
      heading: '[2.1.0] - 2023-06-01',
    }
    const pool = [other, { ...found(2, 0), filename: 'csvkitten-CHANGELOG.md' }]
    const words = new Map([
      ['other', new Set(['history', 'md'])],
      ['changelog', new Set(['csvkitten', 'changelog', 'md'])],
    ])
    const section = await releaseSection(
      {
        store,
        pool,
        understanding: understandQuestion('what changed in csvkitten 2.1'),
        documentWords: words,
      },
      5,
    )
    expect(section.map(({ chunk_id }) => chunk_id)).toEqual(['changelog#0', 'changelog#1'])
  })

  it('reads nothing for another question, a release not named, or a pool without a changelog', async () => {
    expect(await read('what is csv export', [found(1, 0)])).toEqual([])
    expect(await read('what changed in 3.0', [found(1, 0)])).toEqual([])
    expect(await read('what changed in 2.1', [found(1, 0, 'notes.md')])).toEqual([])
  })
})
