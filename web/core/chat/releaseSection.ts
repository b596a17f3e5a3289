import { documentOwnWords } from '../generate/extractive/documentOwnWords'
import { askedRelease, releaseAsk, releaseLevel } from '../generate/extractive/releaseAsk'
import { headingReleaseAsk } from '../generate/extractive/releaseWhen'
import type { ChunkRecord } from '../store/ChunkRecord'
import type { PoolReading } from './PoolReading'
import type { SourceDocument } from './SourceDocument'
import { storedSource } from './storedSource'

/** A changelog's passages read to find a release's heading: hundreds of releases, a few passages each. */
const READ_PASSAGES = 1000
/**
 * Where no passage of the pool is under a release's heading, the pool's first documents read for such
 * headings: search may find a changelog by its opening ("All notable changes to csvkitten…") alone.
 */
const READ_DOCUMENTS = 3
/** A document whose headings name at least this many releases is a changelog. */
const MIN_RELEASES = 2

/** The release named by a heading path ("Changelog > Version 3.0.0, 2022-12-22 > Fixes"), or null. */
const releaseOf = (heading: string | null | undefined) => releaseLevel(heading)?.release ?? null

/**
 * For a question that asks what a release changed (`releaseAsk`: "what changed in 3.0.0", "whats new in
 * version 2"), the passages under that release's heading in the changelog among search's passages, in
 * document order, at most `count`: search finds "3.0.0" in the heading's passage, not the sections under
 * it ("New Features", "Bug Fixes"), and "version 2" in none (2.0.0 is printed "[2.0.0]"). For one its
 * heading answers (`headingReleaseAsk`: "when was the release before 3.2.0 out", "what's the latest
 * version"), that release's first passage, whose heading dates it. The changelog is the first document of
 * the pool with a passage under a release's heading, else the first of its first documents whose headings
 * name releases. Empty for any other question, or where no heading names the release asked.
 */
export async function releaseSection(
  { store, pool, understanding, documentWords }: PoolReading,
  count: number,
): Promise<SourceDocument[]> {
  const changes = releaseAsk(understanding.ask)
  const asked = changes ?? headingReleaseAsk(understanding.ask)
  if (!asked) return []
  // "What changed in depd 1.1.0" in a folder of two changelogs: the one whose own words name "depd" first.
  // A follow-up's program is carried from the question before ("and in 1.1.0?").
  // Words, not numbers: a release's "1.1.0" is in every changelog's opening.
  const programWords = [...understanding.terms, ...understanding.carried].filter((term) =>
    /\p{L}/u.test(term),
  )
  const names = (source: SourceDocument) => {
    const own = documentOwnWords({ filename: source.filename, about: documentWords.get(source.document_id) })
    return programWords.some((term) => own.has(term))
  }
  const changelog = await changelogIn(store, [
    ...pool.filter(names),
    ...pool.filter((source) => !names(source)),
  ])
  if (!changelog) return []
  const { source, chunks } = changelog
  const releases = chunks
    .map((chunk) => releaseOf(chunk.heading))
    .filter((name): name is string => name !== null)
  const release = askedRelease(asked.version, releases, asked.shift)
  if (release === null) return []
  // "What is the version before 2.0.2": the named release's first passage too, which says the release
  // asked stands next to a release the changelog names (else the answer would be refused for naming none).
  const named = asked.shift !== 0 ? askedRelease(asked.version, releases, 0) : null
  const under = (name: string | null, most: number) =>
    chunks.filter((chunk) => name !== null && releaseOf(chunk.heading) === name).slice(0, most)
  return [...under(release, changes ? count : 1), ...(named === release ? [] : under(named, 1))].map(
    (chunk, i) => {
      const found = pool.find(({ chunk_id }) => chunk_id === chunk.id)
      return found ?? storedSource(chunk, source, pool.length + i + 1)
    },
  )
}

async function changelogIn(
  store: PoolReading['store'],
  pool: readonly SourceDocument[],
): Promise<{ source: SourceDocument; chunks: ChunkRecord[] } | null> {
  const read = (source: SourceDocument) =>
    store.listChunks({ documentId: source.document_id, limit: READ_PASSAGES }).catch(() => [])
  const named = pool.find((source) => releaseOf(source.heading) !== null)
  if (named) return { source: named, chunks: await read(named) }
  const firsts = pool.filter(
    (source, i) => pool.findIndex(({ document_id }) => document_id === source.document_id) === i,
  )
  for (const source of firsts.slice(0, READ_DOCUMENTS)) {
    const chunks = await read(source)
    const releases = new Set(chunks.map((chunk) => releaseOf(chunk.heading)).filter((name) => name !== null))
    if (releases.size >= MIN_RELEASES) return { source, chunks }
  }
  return null
}
