import { isRecord } from './braindriveServices'

// The one message the samples exchange: QuireCollections' overview sends it when a collection is
// clicked, QuireFollower's module receives it. Both plugins declare it (messages.sends / receives).

export const COLLECTION_SELECTED = 'quire.collection.selected'
/** The channel both sides name (BrainDrive's "target module id"): the receiving module's name. */
export const FOLLOWER_CHANNEL = 'CollectionFollower'

export interface CollectionSelected {
  collection_id: string
  name: string
  description: string
}

export function collectionSelectedMessage(content: CollectionSelected): {
  type: string
  content: CollectionSelected
} {
  return { type: COLLECTION_SELECTED, content }
}

/** The content of a collection-selected message, or undefined for any other message. */
export function readCollectionSelected(message: unknown): CollectionSelected | undefined {
  if (!isRecord(message) || message.type !== COLLECTION_SELECTED || !isRecord(message.content))
    return undefined
  const { collection_id, name, description } = message.content
  if (typeof collection_id !== 'string' || typeof name !== 'string') return undefined
  return { collection_id, name, description: typeof description === 'string' ? description : '' }
}
