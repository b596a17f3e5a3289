import type { StoredRecord } from '../../../store/StoredRecord'
import type { NavigationNode } from './navigationRouteSchemas'

/**
 * Pure ordering and tree logic of navigation routes, over stored records whose data holds
 * `parent_id` and `display_order`.
 */

/** BrainDrive's values for the fields a route stored before they existed lacks. */
export const NAVIGATION_ROUTE_DEFAULTS = {
  icon: null,
  description: '',
  is_expanded: true,
  is_visible: true,
  is_system_route: false,
  is_collapsible: true,
  default_component_id: null,
  default_page_id: null,
  can_change_default: false,
}

/**
 * A route's response, in BrainDrive's shape: its fields (missing ones at BrainDrive's defaults),
 * `order` repeating `display_order` (the spec uses both names), and `creator_id`, the caller (every
 * route in a person's data space is theirs).
 */
export function navigationView(record: StoredRecord, creatorId: string): Record<string, unknown> {
  const { order: _order, ...data } = record.data
  return {
    id: record.id,
    ...NAVIGATION_ROUTE_DEFAULTS,
    ...data,
    parent_id: parentOf(record),
    display_order: order(record),
    order: order(record),
    creator_id: creatorId,
    created_at: record.created_at,
    updated_at: record.updated_at,
  }
}

/** By `display_order`; equal orders keep the store's order (oldest first). */
export function sortByOrder(records: readonly StoredRecord[]): StoredRecord[] {
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => order(a.record) - order(b.record) || a.index - b.index)
    .map(({ record }) => record)
}

function order(record: StoredRecord): number {
  return typeof record.data.display_order === 'number' ? record.data.display_order : 0
}

export function parentOf(record: StoredRecord): string | null {
  return typeof record.data.parent_id === 'string' ? record.data.parent_id : null
}

/** How BrainDrive's clients and the spec's examples may write one path (`projects`, `/projects`). */
export function samePath(a: unknown, b: unknown): boolean {
  const bare = (value: unknown) => (typeof value === 'string' ? value.replace(/^\//, '') : value)
  return bare(a) === bare(b)
}

/**
 * The routes as a forest, each level ordered, each node with its `depth_level` (0 at the top) and
 * `children`. A route whose parent no longer exists (it cannot happen through the API, which refuses
 * to delete a parent) is shown at the top level rather than lost.
 */
export function buildTree(records: readonly StoredRecord[], creatorId: string): NavigationNode[] {
  const ids = new Set(records.map((r) => r.id))
  const children = new Map<string | null, StoredRecord[]>()
  for (const record of sortByOrder(records)) {
    const parent = parentOf(record)
    const key = parent !== null && ids.has(parent) ? parent : null
    children.set(key, [...(children.get(key) ?? []), record])
  }
  const seen = new Set<string>()
  const nodesUnder = (key: string | null, depth: number): NavigationNode[] =>
    (children.get(key) ?? [])
      // Routes are reached from the top level only, so a cycle in stored data (the API refuses to
      // make one) is left out instead of recursing; `seen` also keeps any route from showing twice.
      .filter((record) => !seen.has(record.id) && seen.add(record.id))
      .map((record) => ({
        ...navigationView(record, creatorId),
        depth_level: depth,
        children: nodesUnder(record.id, depth + 1),
      }))
  return nodesUnder(null, 0)
}

/**
 * The first route that is its own ancestor when each route's parent is as in `parents`, or null.
 * Every parent named must be a key of `parents` (check existence first).
 */
export function findCycle(parents: ReadonlyMap<string, string | null>): string | null {
  for (const start of parents.keys()) {
    const visited = new Set<string>()
    let current: string | null = start
    while (current !== null) {
      if (visited.has(current)) return start
      visited.add(current)
      current = parents.get(current) ?? null
    }
  }
  return null
}
