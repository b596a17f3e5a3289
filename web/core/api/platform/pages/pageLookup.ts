import type { ApiPorts } from '../../ApiPorts'
import type { StoredRecord } from '../../../store/StoredRecord'
import { conflict } from '../platformErrors'
import { PAGE_KIND } from './pageSchemas'

/** The caller's page at `route` (exact, case-sensitive), if any. */
export async function findPageByRoute(
  ports: Pick<ApiPorts, 'store'>,
  route: string,
): Promise<StoredRecord | undefined> {
  const pages = await ports.store.listRecords(PAGE_KIND)
  return pages.find((page) => page.data.route === route)
}

/** Throws 409 when another page than `exceptId` has `route`: routes are unique per user. */
export async function requireFreeRoute(
  ports: Pick<ApiPorts, 'store'>,
  route: string,
  exceptId?: string,
): Promise<void> {
  const holder = await findPageByRoute(ports, route)
  if (holder && holder.id !== exceptId)
    throw conflict(`The route ${route} belongs to another page (${holder.id})`)
}

/** "/docs/intro" -> "intro". */
export function lastSegment(route: string): string {
  return route.slice(route.lastIndexOf('/') + 1)
}
