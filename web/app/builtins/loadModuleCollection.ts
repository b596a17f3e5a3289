import { ApiRequestError } from '../api/ApiRequestError'
import { getCollection, type Collection } from '../api/collectionsApi'

/** A module's collection, or `{missing: id}` when it was deleted (the page still names it). */
export type ModuleCollection = { collection: Collection } | { missing: string }

/** Reads a module's collection; a 404 is the "no longer exists" state, any other failure is thrown. */
export async function loadModuleCollection(id: string): Promise<ModuleCollection> {
  try {
    return { collection: await getCollection(id) }
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { missing: id }
    throw error
  }
}
