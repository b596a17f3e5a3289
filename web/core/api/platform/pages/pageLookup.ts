import { ApiError } from '../../../kernel/ApiError'
import type { StoredRecord } from '../../../store/StoredRecord'
import { pageKind } from '../../../records/kinds/pageKind'
import type { RecordPorts } from '../../../records/platformRecords'

/** BrainDrive's detail for a taken route, which its clients match on (status 400, "route" and "exist"). */
export const ROUTE_TAKEN = 'A page with this route already exists'

/** The caller's page at `route` (exact, case-sensitive), if any. */
export async function findPageByRoute(ports: RecordPorts, route: string): Promise<StoredRecord | undefined> {
  const pages = await pageKind.list(ports)
  return pages.find((page) => page.data.route === route)
}

/**
 * Throws 400 `A page with this route already exists` when another page than `exceptId` has `route`:
 * routes are unique per user. 400 and these words are what BrainDrive answers and what its clients
 * recognise (the chat plugin's library page service retries with another route on exactly that).
 */
export async function requireFreeRoute(ports: RecordPorts, route: string, exceptId?: string): Promise<void> {
  const holder = await findPageByRoute(ports, route)
  if (holder && holder.id !== exceptId) throw ApiError.badRequest(ROUTE_TAKEN)
}

/** "/docs/intro" -> "intro". */
export function lastSegment(route: string): string {
  return route.slice(route.lastIndexOf('/') + 1)
}
