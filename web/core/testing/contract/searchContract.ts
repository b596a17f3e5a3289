import { check, checkEqual } from '../check'
import type { HostCase } from '../HostCase'
import type { ContractClient } from './ContractClient'
import { writePdf } from '../writePdf'
import { addDocument, addMarkdown, expectStatus, newCollection, UNKNOWN_ID } from './contractFixtures'
import { responseJson } from './responseJson'

const HARBOUR = `# Harbour survey

## Tides

The spring tide at the northern jetty reached 4.2 metres on the third morning, flooding the lower path.

## Birds

A pair of oystercatchers nested above the high-water line and raised two chicks before August.

## Lighthouse

The lighthouse keeper logged fog on eleven nights in October and sounded the horn each time.
`

interface SearchResponse {
  chunks: Array<{
    id: string
    document_id: string
    content: string
    metadata: { page: number | null; heading: string | null; filename: string }
    score: number
  }>
  intent: { kind: string; confidence: number; reasoning: string }
  requires_generation: boolean
  generation_type: string | null
  metadata: { queries_used: string[]; search_method: string; total_results: number }
}

/** A page of text lines in Helvetica, top to bottom, one line per 14 points. */
function textPage(lines: readonly string[]) {
  const content = lines.map((line, i) => `BT /F1 10 Tf 40 ${800 - i * 14} Td (${line}) Tj ET`).join('\n')
  return { width: 612, height: 842, content }
}

/**
 * A tide report of two pages: page 1 is long (several passages), every line about the spring tide at
 * the jetty; page 2 mentions it once, among other things.
 */
function tideReport(): Uint8Array {
  const first = Array.from(
    { length: 52 },
    (_, i) => `Reading ${i + 1}: the spring tide at the northern jetty rose past the marker again.`,
  )
  const second = [
    'Other works this season.',
    'The lighthouse keeper logged fog on eleven nights in October.',
    'The spring tide at the northern jetty also flooded the lower path once.',
    'A pair of oystercatchers nested above the high-water line.',
  ]
  return writePdf([textPage(first), textPage(second)])
}

/**
 * A harbour works report of two pages. Page 1 is the place: one passage tells of the dredging of the
 * eastern basin, another (further down the page, its own passage) gives what the works cost. Page 2
 * says, in one line among other things, where those figures are: every word of the question in one
 * short passage, which on its own words outranks either passage of page 1.
 */
function worksReport(): Uint8Array {
  const story = [
    'Dredging of the eastern basin began in March 2023 after the winter storms.',
    'The eastern basin had silted up to two metres below chart datum by January.',
    'Dredging of the eastern basin went on through April and May 2023, by night.',
    'The dredged silt of the eastern basin was carried to the spoil ground offshore.',
    'Dredging of the eastern basin ended in June 2023, a week later than planned.',
  ]
  const moorings = Array.from(
    { length: 26 },
    (_, i) => `Mooring ${i + 1} in the marina had its chain, shackle and riser checked and logged.`,
  )
  const costs = [
    'The works of 2023 in the eastern basin, in thousands of pounds.',
    'Eastern basin dredging: 4,120.',
    'Spoil ground survey: 310.',
    'Plant hire: 860.',
  ]
  const other = [
    'Other matters of the year.',
    'The lighthouse keeper logged fog on eleven nights in October.',
    'What the dredging of the eastern basin cost in 2023 is set out on page 1.',
    'A pair of oystercatchers nested above the high-water line.',
    'The harbour office was painted and its windows were replaced.',
    'Two new benches were put on the promenade by the slipway.',
  ]
  return writePdf([textPage([...story, ...moorings, ...costs]), textPage(other)])
}

async function search(client: ContractClient, json: Record<string, unknown>) {
  const response = await client({ method: 'POST', path: '/api/search_u/', json })
  checkEqual(response.status, 200, `search status (body ${response.text.slice(0, 300)})`)
  return responseJson<SearchResponse>(response)
}

/** Asserts that the chunks come best first: no score above the one before it. */
function checkBestFirst(chunks: ReadonlyArray<{ score: number }>, what: string): void {
  check(
    chunks.every((c, i) => i === 0 || chunks[i - 1]!.score >= c.score),
    what,
  )
}

export const searchContract: HostCase<ContractClient>[] = [
  {
    name: 'POST /api/search_u/ finds the passage, with scores, headings, intent and method',
    async run(client) {
      const collection = await newCollection(client, 'Search')
      const document = await addMarkdown(client, collection.id, 'harbour.md', HARBOUR)
      const query = 'How high did the spring tide reach at the northern jetty?'
      const found = await search(client, { query, collection_id: collection.id, top_k: 3 })
      const top = found.chunks[0]
      check(top !== undefined, 'a chunk is found')
      check(top.content.includes('4.2 metres'), `top chunk answers: ${top.content}`)
      checkEqual(top.document_id, document.id, 'document_id')
      checkEqual(top.metadata.filename, 'harbour.md', 'filename')
      check(found.chunks.length <= 3, 'top_k respected')
      for (const chunk of found.chunks)
        check(chunk.score >= 0 && chunk.score <= 1, `score ${chunk.score} in [0, 1]`)
      checkBestFirst(found.chunks, 'best first')
      checkEqual(found.metadata.search_method, 'hybrid', 'search_method')
      checkEqual(found.metadata.queries_used, [query], 'queries_used')
      checkEqual(found.metadata.total_results, found.chunks.length, 'total_results')
      checkEqual(found.intent.kind, 'retrieval', 'intent')
      check(found.intent.confidence >= 0 && found.intent.confidence <= 1, 'confidence in [0, 1]')
      check(found.intent.reasoning.length > 0, 'reasoning given')
      checkEqual(found.requires_generation, true, 'requires_generation')

      const vectorOnly = await search(client, {
        query,
        collection_id: collection.id,
        use_hybrid_search: false,
      })
      checkEqual(vectorOnly.metadata.search_method, 'vector', 'vector-only method')
      check(vectorOnly.chunks[0]?.content.includes('4.2 metres'), 'vector search finds it too')

      // No collection: every collection is searched.
      const everywhere = await search(client, { query: 'oystercatchers nested high-water line', top_k: 50 })
      check(
        everywhere.chunks.some((c) => c.document_id === document.id && c.content.includes('oystercatchers')),
        'found without collection_id',
      )
    },
  },
  {
    name: 'POST /api/search_u/ searches an acronym no passage prints as the passages spell it, and says so',
    async run(client) {
      const collection = await newCollection(client, 'Search')
      await addMarkdown(
        client,
        collection.id,
        'officers.md',
        '# Officers\n\nJane Roe has served as the Chief Executive Officer of Acme since 2019.\n\n' +
          '# Stores\n\nAcme opened its tenth store in the north in 2021.\n',
      )
      const query = 'Who is the CEO of Acme?'
      const found = await search(client, { query, collection_id: collection.id, top_k: 1 })
      checkEqual(
        found.metadata.queries_used,
        [query, 'Who is the chief executive officer of Acme?'],
        'queries_used: as typed, then written out',
      )
      check(
        found.chunks[0]?.content.includes('Jane Roe') === true,
        `the officer: ${found.chunks[0]?.content}`,
      )
    },
  },
  {
    name: 'POST /api/search_u/ gives top_k passages from as many pages as it can, best first',
    async run(client) {
      const collection = await newCollection(client, 'Search')
      const document = await addDocument(client, collection.id, 'tides.pdf', tideReport(), 'application/pdf')
      check(document.chunk_count >= 3, `page 1 makes several passages (${document.chunk_count} chunks)`)
      const query = 'spring tide at the northern jetty'
      const all = await search(client, { query, collection_id: collection.id, top_k: 50 })
      const pages = all.chunks.map((c) => c.metadata.page)
      check(pages.filter((page) => page === 1).length >= 2, `page 1 matches in several passages: ${pages}`)
      check(pages.includes(2), `page 2 matches too: ${pages}`)
      // Two places asked for: page 1's best passage, then page 2's, not page 1's second.
      const two = await search(client, { query, collection_id: collection.id, top_k: 2 })
      checkEqual(two.chunks.map((c) => c.metadata.page).sort(), [1, 2], 'one passage of each page')
      checkBestFirst(two.chunks, 'best first')
    },
  },
  {
    name: 'POST /api/search_u/ puts the page whose passages answer together above a lone passage of another',
    async run(client) {
      const collection = await newCollection(client, 'Search')
      await addDocument(client, collection.id, 'works.pdf', worksReport(), 'application/pdf')
      const query = 'What did the dredging of the eastern basin cost in 2023?'
      const all = await search(client, { query, collection_id: collection.id, top_k: 50 })
      const onFirst = all.chunks.filter((c) => c.metadata.page === 1)
      check(
        onFirst.length >= 2,
        `page 1 matches in several passages: ${all.chunks.map((c) => c.metadata.page)}`,
      )
      const best = await search(client, { query, collection_id: collection.id, top_k: 1 })
      checkEqual(
        best.chunks[0]?.metadata.page,
        1,
        `the best passage is page 1's (${best.chunks[0]?.content})`,
      )
      checkBestFirst(all.chunks, 'best first, by the scores answered')
    },
  },
  {
    name: 'POST /api/search_u/ in an empty collection answers no chunks',
    async run(client) {
      const collection = await newCollection(client, 'Search')
      const found = await search(client, { query: 'anything at all', collection_id: collection.id })
      checkEqual(found.chunks, [], 'no chunks')
      checkEqual(found.metadata.total_results, 0, 'total_results')
    },
  },
  {
    name: 'POST /api/search_u/ classifies greetings and comparisons',
    async run(client) {
      const greeting = await search(client, { query: 'Hello there!' })
      checkEqual(greeting.intent.kind, 'chat', 'greeting intent')
      const comparison = await search(client, { query: 'Compare the tides and the lighthouse fog' })
      checkEqual(comparison.intent.kind, 'comparison', 'comparison intent')
    },
  },
  {
    name: 'POST /api/search_u/ rejects bad input with 400 naming the field, unknown collections with 404',
    async run(client) {
      const post = (json: unknown) => client({ method: 'POST', path: '/api/search_u/', json })
      expectStatus(await post({}), 400, 'query')
      expectStatus(await post({ query: '   ' }), 400, 'query')
      expectStatus(await post({ query: 42 }), 400, 'query')
      expectStatus(await post({ query: 'q', top_k: 0 }), 400, 'top_k')
      expectStatus(await post({ query: 'q', top_k: 51 }), 400, 'top_k')
      expectStatus(await post({ query: 'q', top_k: 2.5 }), 400, 'top_k')
      expectStatus(await post({ query: 'q', top_k: '5' }), 400, 'top_k')
      expectStatus(await post({ query: 'q', similarity_threshold: 1.5 }), 400, 'similarity_threshold')
      expectStatus(await post({ query: 'q', use_hybrid_search: 'yes' }), 400, 'use_hybrid_search')
      expectStatus(await post({ query: 'q', collection_id: 'not-a-uuid' }), 400, 'collection_id')
      expectStatus(await post({ query: 'q', limit: 3 }), 200) // unknown fields are ignored, as pydantic does
      expectStatus(await post({ query: 'q', collection_id: UNKNOWN_ID }), 404)
      expectStatus(await client({ method: 'POST', path: '/api/search_u/', raw: '{"query":' }), 400)
    },
  },
]
