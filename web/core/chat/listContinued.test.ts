import { describe, expect, it } from 'vitest'
import { extractiveAnswer } from '../generate/extractiveGenerator'
import { understandQuestion } from '../retrieve/understandQuestion'
import type { ChunkRecord } from '../store/ChunkRecord'
import { listContinued } from './listContinued'
import type { SourceDocument } from './SourceDocument'
import { toAnswerSource } from './toAnswerSource'

/** A two-page tender notice whose list of criteria the page break cuts, and a deck whose slides end in bullets. */
const PAGES: Record<string, string[]> = {
  'parking-machine-tender.pdf': [
    'Tender 1295 for parking ticket machines.',
    '9. Summary of the criteria against which the tenders were assessed: Open Tender. Evaluation criteria included: - The schedule of prices - Compliance with technical specifications - Operational plan\n\n1',
    '- Transition plans - Demonstrated experience of similar works - Work health and safety\n\n10. Provisions for review of payment: N/A',
  ],
  'talk.pptx': ['Criteria we used\n- Cost\n- Speed', '- Reliability\n- Support'],
  'garden-plan-guide.md': [
    'Changing the planting plan\n\nTo change the shared planting plan, do as follows:\n\n1. Copy the plan into a new, empty sheet.\n\nThe copy keeps the original untouched for the committee.',
    '2. Mark the beds you are taking over.\n\n3. Pick the crops you will sow in them.\n\n4. Send the sheet to the plot secretary.',
    'Water rota\n\nThe rota is kept on the shed door.',
  ],
  'kiln-guide.md': [
    'Cooling the kiln\n\nThe controller follows three rules when it cools a load. If the three rules all fail, it holds the temperature and calls for help.',
    'The first rule is that it never drops more than 100 degrees an hour above 600 degrees. The second rule is that it opens the vent once the load is below 400 degrees.',
    'The third rule is that it sounds the buzzer when the load can be handled. Keep the lid shut until then.',
  ],
}
/** Each passage's page: the notice's first two passages are on page 1. */
const PAGE_OF: Record<string, Array<number | null>> = {
  'parking-machine-tender.pdf': [1, 1, 2],
  'talk.pptx': [1, 2],
  'garden-plan-guide.md': [null, null, null],
  'kiln-guide.md': [null, null, null],
}

const chunk = (filename: string, index: number): ChunkRecord => ({
  id: `${filename}#${index}`,
  document_id: filename,
  collection_id: 'c',
  index,
  text: PAGES[filename]![index]!,
  page: PAGE_OF[filename]![index]!,
  heading: null,
  token_count: 20,
  embedder: null,
  vector: null,
})

const store = {
  listChunks: async (filter?: { documentId?: string; limit?: number }) =>
    (PAGES[filter?.documentId ?? ''] ?? []).map((_, i) => chunk(filter!.documentId!, i)),
}

const passage = (number: number, filename: string, index: number): SourceDocument => ({
  number,
  document_id: filename,
  chunk_id: `${filename}#${index}`,
  content: PAGES[filename]![index]!,
  score: 1 / number,
  filename,
  page: PAGE_OF[filename]![index]!,
  heading: null,
})

const continued = (question: string, sources: SourceDocument[]) =>
  listContinued(
    { store, pool: sources, understanding: understandQuestion(question), documentWords: new Map() },
    sources,
  )

describe('listContinued', () => {
  it('puts the top of the next page after a passage whose list runs to its foot, and the list answer holds every item', async () => {
    const question = 'what criteria did they score the parking machine tenders on'
    const found = [
      passage(1, 'parking-machine-tender.pdf', 1),
      passage(2, 'talk.pptx', 0),
      passage(3, 'parking-machine-tender.pdf', 0),
    ]
    const sources = await continued(question, found)
    expect(sources.map(({ chunk_id, number }) => `${number} ${chunk_id}`)).toEqual([
      '1 parking-machine-tender.pdf#1',
      '2 parking-machine-tender.pdf#2',
      '3 talk.pptx#0',
    ])
    const answer = extractiveAnswer({ question, sources: sources.map((source) => toAnswerSource(source)) })
    // Introduced by the sentence its colon ends, the paragraph before it left out.
    expect(answer).toMatch(/^Evaluation criteria included: \[1\]\[2\]\n/u)
    for (const item of [
      'The schedule of prices',
      'Operational plan',
      'Transition plans',
      'Work health and safety',
    ])
      expect(answer).toContain(`\n- ${item}`)
  })

  it('puts the passage that goes on with numbered steps after the one that begins them', async () => {
    const question = 'what are the steps to change the planting plan'
    const found = [passage(1, 'garden-plan-guide.md', 0), passage(2, 'garden-plan-guide.md', 2)]
    const sources = await continued(question, found)
    expect(sources.map(({ chunk_id, number }) => `${number} ${chunk_id}`)).toEqual([
      '1 garden-plan-guide.md#0',
      '2 garden-plan-guide.md#1',
    ])
    const answer = extractiveAnswer({ question, sources: sources.map((source) => toAnswerSource(source)) })
    expect(answer).toContain('Copy the plan into a new, empty sheet')
    expect(answer).toContain('Send the sheet to the plot secretary')
    // Steps numbered on from another number are another list's.
    const other = [passage(1, 'garden-plan-guide.md', 1)]
    expect(await continued(question, other)).toEqual(other)
  })

  it('puts the passage that opens ordinal sentences after the one that counts them, and the answer holds every one', async () => {
    const question = 'what rules does the kiln controller follow when cooling'
    const found = [passage(1, 'kiln-guide.md', 0), passage(2, 'kiln-guide.md', 2)]
    const sources = await continued(question, found)
    expect(sources.map(({ chunk_id, number }) => `${number} ${chunk_id}`)).toEqual([
      '1 kiln-guide.md#0',
      '2 kiln-guide.md#1',
    ])
    // The third rule's passage, search's second, made room; found again it follows the second rule.
    const all = [...sources, { ...passage(3, 'kiln-guide.md', 2) }]
    const answer = extractiveAnswer({ question, sources: all.map((source) => toAnswerSource(source)) })
    // Introduced by the sentence that counts them, not the one pointing back at "the three rules".
    expect(answer).toMatch(/^The controller follows three rules when it cools a load\. \[1\] \[2\]\[3\]\n/u)
    expect(answer).toContain('\n- The first rule is that it never drops')
    expect(answer).toContain('\n- The second rule is that it opens the vent')
    expect(answer).toContain('\n- The third rule is that it sounds the buzzer')
    // A passage that counts nothing is not read on.
    const plain = [passage(1, 'garden-plan-guide.md', 2)]
    expect(await continued(question, plain)).toEqual(plain)
  })

  it("leaves a deck's next slide, and any question that asks for no list, as search found them", async () => {
    const deck = [passage(1, 'talk.pptx', 0)]
    expect(await continued('what criteria did we use', deck)).toEqual(deck)
    const notice = [passage(1, 'parking-machine-tender.pdf', 1)]
    expect(await continued('when was the tender awarded', notice)).toEqual(notice)
  })
})
