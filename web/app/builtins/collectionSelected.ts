/**
 * The message a Collections module sends when the person chooses a collection, and Chat, Search and
 * Evaluation modules follow: BrainDrive's message shape `{type, content}`, the type and content the
 * sample plugins use (QuireCollections sends it, QuireFollower hears it), so plugin modules and Quire's
 * own exchange it both ways.
 */
export const COLLECTION_SELECTED_TYPE = 'quire.collection.selected'

export interface CollectionSelected {
  collection_id: string
  name: string
  description: string
}

export function collectionSelectedMessage(content: CollectionSelected): {
  type: typeof COLLECTION_SELECTED_TYPE
  content: CollectionSelected
} {
  return { type: COLLECTION_SELECTED_TYPE, content }
}

/** A collection-selected message's content, or undefined for anything else (a plugin may send junk). */
export function readCollectionSelected(message: unknown): CollectionSelected | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { type, content } = message as { type?: unknown; content?: unknown }
  if (type !== COLLECTION_SELECTED_TYPE || typeof content !== 'object' || content === null) return undefined
  const { collection_id, name, description } = content as Record<string, unknown>
  if (typeof collection_id !== 'string' || collection_id.trim() === '' || typeof name !== 'string')
    return undefined
  return {
    collection_id: collection_id.trim(),
    name,
    description: typeof description === 'string' ? description : '',
  }
}
