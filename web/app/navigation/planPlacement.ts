import type { NavigationTreeNode } from './navigationApi'

/** One entry of `POST /api/v1/navigation-routes/batch-update`: a route's parent and place among its siblings. */
export interface RoutePlacement {
  id: string
  parent_id: string | null
  display_order: number
}

/**
 * A rearrangement as one batch-update sends it: every route whose parent or `display_order` changes (the
 * moved one and the siblings renumbered around it, in its new and its old parent), the entries that put them
 * back as they were (for Undo), and what to announce once made.
 */
export interface PlannedPlacement {
  changes: RoutePlacement[]
  undo: RoutePlacement[]
  announcement: string
}

/** A place in the tree: the parent (null at the top), the siblings in order, and the index among them. */
export interface Place {
  parent: NavigationTreeNode | null
  siblings: readonly NavigationTreeNode[]
  index: number
}

export function findPlace(
  tree: readonly NavigationTreeNode[],
  id: string,
  parent: NavigationTreeNode | null = null,
): Place | null {
  const index = tree.findIndex((node) => node.id === id)
  if (index >= 0) return { parent, siblings: tree, index }
  for (const node of tree) {
    const found = findPlace(node.children, id, node)
    if (found) return found
  }
  return null
}

/** Whether `id` is `ancestorId` or lies under it (placing `ancestorId` there would make a cycle). */
function isWithin(tree: readonly NavigationTreeNode[], id: string, ancestorId: string): boolean {
  if (id === ancestorId) return true
  const place = findPlace(tree, id)
  return place?.parent ? isWithin(tree, place.parent.id, ancestorId) : false
}

function announce(name: string, parent: NavigationTreeNode | null, displayOrder: number): string {
  const where = parent ? `under ${parent.name}` : 'to the top level'
  return `Moved ${name} ${where}, position ${displayOrder + 1}`
}

/**
 * Puts route `id` under `parentId` (null: the top level) at `index` among its new siblings (past the end:
 * last), and numbers both sibling lists 0..n-1, as `PUT .../move` would on the server, but as one
 * batch-update the client can also undo. The tree's own orders may have gaps (routes made with an explicit
 * `display_order`), so the siblings are renumbered rather than shifted. Null when nothing would change or the
 * place is inside the route itself.
 */
export function planPlacement(
  tree: readonly NavigationTreeNode[],
  id: string,
  parentId: string | null,
  index: number,
): PlannedPlacement | null {
  const from = findPlace(tree, id)
  if (!from) return null
  const node = from.siblings[from.index] as NavigationTreeNode
  let parent: NavigationTreeNode | null = null
  if (parentId !== null) {
    if (isWithin(tree, parentId, id)) return null
    const place = findPlace(tree, parentId)
    if (!place) return null
    parent = place.siblings[place.index] as NavigationTreeNode
  }
  const targetSiblings = (parent ? parent.children : tree).filter((sibling) => sibling.id !== id)
  const at = Math.max(0, Math.min(index, targetSiblings.length))
  targetSiblings.splice(at, 0, node)
  const lists = [targetSiblings.map((sibling) => ({ sibling, parentId }))]
  const oldParentId = from.parent?.id ?? null
  if (oldParentId !== parentId)
    lists.push(
      from.siblings.filter((s) => s.id !== id).map((sibling) => ({ sibling, parentId: oldParentId })),
    )
  const changes: RoutePlacement[] = []
  const undo: RoutePlacement[] = []
  for (const list of lists)
    list.forEach(({ sibling, parentId: newParent }, order) => {
      const oldParent = sibling.parent_id ?? null
      if (sibling.display_order === order && oldParent === newParent) return
      changes.push({ id: sibling.id, parent_id: newParent, display_order: order })
      undo.push({ id: sibling.id, parent_id: oldParent, display_order: sibling.display_order })
    })
  if (changes.length === 0) return null
  return { changes, undo, announcement: announce(node.name, parent, at) }
}

export type MoveAction = 'up' | 'down' | 'indent' | 'outdent'

/**
 * The keyboard moves: up and down among the siblings, indent under the sibling before (last among its
 * children), outdent to just after the parent. Null when the move is not possible (first, last, top level).
 */
export function planMove(
  tree: readonly NavigationTreeNode[],
  id: string,
  action: MoveAction,
): PlannedPlacement | null {
  const place = findPlace(tree, id)
  if (!place) return null
  const { parent, siblings, index } = place
  const parentId = parent?.id ?? null
  switch (action) {
    case 'up':
      return index === 0 ? null : planPlacement(tree, id, parentId, index - 1)
    case 'down':
      return index === siblings.length - 1 ? null : planPlacement(tree, id, parentId, index + 1)
    case 'indent': {
      const target = siblings[index - 1]
      return target ? planPlacement(tree, id, target.id, target.children.length) : null
    }
    case 'outdent': {
      if (!parent) return null
      const parentPlace = findPlace(tree, parent.id)
      if (!parentPlace) return null
      return planPlacement(tree, id, parentPlace.parent?.id ?? null, parentPlace.index + 1)
    }
  }
}

/** Where a dragged route lands relative to the route under the pointer. */
export type DropPosition = 'before' | 'after' | 'inside'

/**
 * A drag and drop: before or after a route puts the dragged one at that place among the route's siblings;
 * inside puts it last under the route; onto null, last at the top level.
 */
export function planDrop(
  tree: readonly NavigationTreeNode[],
  id: string,
  targetId: string | null,
  position: DropPosition = 'inside',
): PlannedPlacement | null {
  if (targetId === null) return planPlacement(tree, id, null, tree.length)
  if (isWithin(tree, targetId, id)) return null
  const target = findPlace(tree, targetId)
  const targetNode = target?.siblings[target.index]
  if (!target || !targetNode) return null
  if (position === 'inside') return planPlacement(tree, id, targetNode.id, targetNode.children.length)
  const others = target.siblings.filter((sibling) => sibling.id !== id)
  const at = others.findIndex((sibling) => sibling.id === targetId) + (position === 'after' ? 1 : 0)
  return planPlacement(tree, id, target.parent?.id ?? null, at)
}

/** The words shown (and announced) while a route is dragged over a drop target. */
export function describeDrop(name: string, targetName: string | null, position: DropPosition): string {
  if (targetName === null) return `Drop to put ${name} last at the top level`
  if (position === 'inside') return `Drop to put ${name} under ${targetName}`
  return `Drop to put ${name} ${position} ${targetName}`
}
