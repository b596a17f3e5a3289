import type { Collection } from '../../core/store/Collection'
import { requestJson } from './requestJson'

export type { Collection }

export interface CollectionInput {
  name: string
  description: string
  /** `#RRGGBB`, or null for no colour. */
  color: string | null
}

const BASE = '/api/collections/'

export function listCollections(signal?: AbortSignal): Promise<Collection[]> {
  return requestJson<Collection[]>(BASE, { signal })
}

export function getCollection(id: string, signal?: AbortSignal): Promise<Collection> {
  return requestJson<Collection>(BASE + encodeURIComponent(id), { signal })
}

export function createCollection(input: CollectionInput): Promise<Collection> {
  return requestJson<Collection>(BASE, { method: 'POST', body: input })
}

/** Sends only the fields given; `color: null` removes the colour. */
export function updateCollection(id: string, patch: Partial<CollectionInput>): Promise<Collection> {
  return requestJson<Collection>(BASE + encodeURIComponent(id), { method: 'PUT', body: patch })
}

export function deleteCollection(id: string): Promise<void> {
  return requestJson<void>(BASE + encodeURIComponent(id), { method: 'DELETE' })
}
