import type { DocumentStore } from '../store/DocumentStore'
import type { Store } from '../store/Store'
import { defaultSimilarityThreshold } from './defaultSimilarityThreshold'
import type { DocumentProfile } from './documentEvidence'
import { documentProfiles } from './documentProfiles'
import type { WarmUpShape } from './snapshot/SearchIndexPort'
import { pageSpreadDepth } from './spreadOverPages'

/**
 * The index searches `searchChunks` asks for five passages of each collection with completed documents,
 * and of all of them, as a warm-up of the search code runs them (`ManagedIndex.warmUp`): keywords only,
 * with the documents' profiles, so that the code that weighs a question's words by document warms too.
 * Profiling documents not profiled yet happens here (kept, `documentProfiles`), so the first search
 * after a folder is processed does not wait for it either; the browser's API worker begins this as it
 * starts, so that a cold start's first search does not wait for 200 documents' openings to be read and
 * profiled (0.1-0.2 s at 139k passages) after the index has loaded: the read runs while the index
 * snapshot's bytes are still coming.
 */
export async function searchWarmUpShapes(
  store: Pick<Store, 'chunks'> & { documents: Pick<DocumentStore, 'listDocuments'> },
): Promise<WarmUpShape[]> {
  const completed = await store.documents.listDocuments({ statuses: ['completed'] })
  if (completed.length === 0) return []
  const profiles = await documentProfiles(store, completed)
  const collectionOf = new Map(completed.map((document) => [document.id, document.collection_id]))
  const byCollection = new Map<string, DocumentProfile[]>()
  for (const profile of profiles) {
    const collectionId = collectionOf.get(profile.documentId)!
    const those = byCollection.get(collectionId)
    if (those) those.push(profile)
    else byCollection.set(collectionId, [profile])
  }
  const shape = (documentProfiles: typeof profiles, collectionIds?: string[]): WarmUpShape => ({
    limit: pageSpreadDepth(5),
    mode: 'hybrid',
    similarityThreshold: defaultSimilarityThreshold(null),
    documentProfiles,
    ...(collectionIds ? { collectionIds } : {}),
  })
  return [shape(profiles), ...[...byCollection].map(([collectionId, those]) => shape(those, [collectionId]))]
}
