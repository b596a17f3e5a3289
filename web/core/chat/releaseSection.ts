import { askedRelease, releaseAsk, releaseLevel } from '../generate/extractive/releaseAsk'
import type { PoolReading } from './PoolReading'
import type { SourceDocument } from './SourceDocument'
import { storedSource } from './storedSource'

/** A changelog's passages read to find a release's heading: hundreds of releases, a few passages each. */
const READ_PASSAGES = 1000

/** The release named by a heading path ("Changelog > Version 3.0.0, 2022-12-22 > Fixes"), or null. */
const releaseOf = (heading: string | null | undefined) => releaseLevel(heading)?.release ?? null

/**
 * For a question that asks what a release changed (`releaseAsk`: "what changed in 3.0.0", "whats new in
 * version 2"), the passages under that release's heading in the changelog among search's passages (the
 * first document of the pool whose headings name releases), in document order, at most `count`: search
 * finds "3.0.0" in the heading's passage, not the sections under it ("New Features", "Bug Fixes"), and
 * "version 2" in none (2.0.0 is printed "[2.0.0]"). Empty for any other question, or where no heading
 * names the release asked.
 */
export async function releaseSection(
  { store, pool, understanding }: PoolReading,
  count: number,
): Promise<SourceDocument[]> {
  const asked = releaseAsk(understanding.ask)
  if (!asked) return []
  const changelog = pool.find((source) => releaseOf(source.heading) !== null)
  if (!changelog) return []
  const chunks = await store
    .listChunks({ documentId: changelog.document_id, limit: READ_PASSAGES })
    .catch(() => [])
  const release = askedRelease(
    asked.version,
    chunks.map((chunk) => releaseOf(chunk.heading)).filter((name): name is string => name !== null),
    asked.shift,
  )
  if (release === null) return []
  return chunks
    .filter((chunk) => releaseOf(chunk.heading) === release)
    .slice(0, count)
    .map((chunk, i) => {
      const found = pool.find(({ chunk_id }) => chunk_id === chunk.id)
      return found ?? storedSource(chunk, changelog, pool.length + i + 1)
    })
}
