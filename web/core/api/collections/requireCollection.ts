import { ApiError } from '../../kernel/ApiError'
import type { Store } from '../../store/Store'

/**
 * A 404 where `id` names no collection. No id (null or undefined: "all collections", or none chosen)
 * passes unchecked.
 */
export async function requireCollection(
  ports: { store: Pick<Store, 'collections'> },
  id: string | null | undefined,
): Promise<void> {
  if (id && !(await ports.store.collections.getCollection(id)))
    throw ApiError.notFound('Collection not found')
}
