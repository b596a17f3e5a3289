import { describe, expect, it } from 'vitest'
import { newChunk, newCollection, newDocument } from '../testing/conformance/store/fixtures'
import { arraySearchPorts } from '../testing/arraySearchPorts'
import { searchChunks } from './searchChunks'

/** A completed document of a collection, one passage (a page) per text. */
function storedFile(collectionId: string, filename: string, texts: string[]) {
  const document = {
    ...newDocument(collectionId),
    original_filename: filename,
    status: 'completed' as const,
    chunk_count: texts.length,
  }
  return {
    document,
    chunks: texts.map((text, i) =>
      newChunk(document, i, { page: i + 1, text, embedder: null, vector: null }),
    ),
  }
}

/** Two decks: one named only by its glued file name, the other holding the question's other words. */
function decks() {
  const collectionId = newCollection().id
  const deck = (filename: string, slides: string[]) => storedFile(collectionId, filename, slides)
  const capstone = deck('ececapstonespring2015.pptx', [
    'GreenWatch: An Autonomous Greenhouse Monitor\n\nECE Senior Design, Spring 2015',
    'Problem Statement\n\nSmall greenhouse growers lose crops to overnight temperature swings.',
  ])
  const review = deck('annual-wage-review.pptx', [
    'Annual Wage Review 2019-20\n\nSummary of the Expert Panel decision',
    'The Decision\n\nMinimum wages rise by 1.75%',
  ])
  return { capstone, review }
}

describe('searchChunks and a document named by its file name alone', () => {
  it('reads the opening of the one document a question names by a word glued into its file name, none of whose passages matched', async () => {
    const { capstone, review } = decks()
    const { ports } = arraySearchPorts(
      [capstone.document, review.document],
      [...capstone.chunks, ...review.chunks],
    )
    const found = await searchChunks(ports, {
      queries: ['summarize the capstone presentation'],
      topK: 5,
      hybrid: true,
    })
    expect(found.chunks.map(({ document }) => document.original_filename)).toContain(
      'ececapstonespring2015.pptx',
    )
    expect(found.chunks.find(({ document }) => document.id === capstone.document.id)?.chunk.index).toBe(0)
  })

  it('adds no document where the question names none by its label', async () => {
    const { capstone, review } = decks()
    const { ports } = arraySearchPorts(
      [capstone.document, review.document],
      [...capstone.chunks, ...review.chunks],
    )
    const found = await searchChunks(ports, { queries: ['summarize the decision'], topK: 5, hybrid: true })
    expect(found.chunks.map(({ document }) => document.original_filename)).not.toContain(
      'ececapstonespring2015.pptx',
    )
  })

  it('reads the opening of the document whose file name the question holds the most of, where a few share the word', async () => {
    const { capstone } = decks()
    const collectionId = capstone.document.collection_id
    const sheet = (filename: string, text: string) => storedFile(collectionId, filename, [text])
    const pack = sheet(
      'specs.docx',
      'Trailblazer 500 Product Sheet\n\nThe Trailblazer 500 is a lightweight hiking backpack.',
    )
    const laptop = sheet(
      'aero14-specs.docx',
      'Aero 14 Laptop\n\nThe Aero 14 is a lightweight laptop for students.',
    )
    const { ports } = arraySearchPorts(
      [capstone.document, pack.document, laptop.document],
      [...capstone.chunks, ...pack.chunks, ...laptop.chunks],
    )
    const named = async (query: string) =>
      (await searchChunks(ports, { queries: [query], topK: 5, hybrid: true })).chunks.map(
        ({ document }) => document.original_filename,
      )
    expect(await named('summarize specs.docx')).toContain('specs.docx')
    expect(await named("what's the specs doc about")).not.toContain('aero14-specs.docx')
    expect(await named('what are the aero specs about')).toContain('aero14-specs.docx')
  })

  it('reads the opening of a named document search did not choose, beside another the question names that it did', async () => {
    const collectionId = newCollection().id
    const file = (filename: string, texts: string[]) => storedFile(collectionId, filename, texts)
    const deck = file('capstone.pptx', [
      'GreenWatch: An Autonomous Greenhouse Monitor\n\nECE Senior Design, Spring 2015',
      'Problem Statement\n\nSmall greenhouse growers lose crops to overnight temperature swings.',
    ])
    const guide = file('project-guide.md', [
      'Tidewater contributor guide\n\nThis guide explains how the project reviews changes.',
      'Code of conduct\n\nAll contributors must follow the project code of conduct.',
      'Releases\n\nEvery project release is tagged.',
    ])
    const { ports } = arraySearchPorts([deck.document, guide.document], [...deck.chunks, ...guide.chunks])
    const names = async (query: string, readsOpening: boolean) =>
      (await searchChunks(ports, { queries: [query], topK: 3, hybrid: true, readsOpening })).chunks.map(
        ({ document }) => document.original_filename,
      )
    expect(await names('summarize the capstone project', true)).toContain('capstone.pptx')
    expect(await names('summarize the capstone project', true)).toHaveLength(3)
    // A question of a fact keeps the passages search chose.
    expect(await names('how are project releases tagged in the capstone', false)).not.toContain(
      'capstone.pptx',
    )
  })
})
