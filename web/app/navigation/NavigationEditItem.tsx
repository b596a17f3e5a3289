import { For, Show } from 'solid-js'
import type { NavigationTreeNode } from './navigationApi'
import type { NavEntry } from './navigationModel'
import { planMove, type DropPosition, type MoveAction } from './planPlacement'

/** The route a dragged one is over, and where among it it would land. */
export interface DropTarget {
  id: string
  position: DropPosition
}

export interface NavigationEditItemProps {
  entry: NavEntry
  tree: readonly NavigationTreeNode[]
  nodeOf: (id: string) => NavigationTreeNode | undefined
  dropTarget: DropTarget | undefined
  onMove: (id: string, action: MoveAction) => void
  onEdit: (node: NavigationTreeNode) => void
  onDelete: (node: NavigationTreeNode) => void
  onDragStart: (id: string) => void
  onDragEnd: () => void
  /** The pointer left the row (not for one of its own buttons). */
  onDragLeave: (id: string) => void
  /** Over a row: whether a drop there is possible (the caller plans it). */
  onDragOver: (target: DropTarget) => boolean
  onDrop: (event: DragEvent, target: DropTarget | null) => void
}

const MOVES: ReadonlyArray<[MoveAction, (name: string) => string, string]> = [
  ['up', (name) => `Move ${name} up`, '↑'],
  ['down', (name) => `Move ${name} down`, '↓'],
  ['outdent', (name) => `Outdent ${name}`, '←'],
  ['indent', (name) => `Indent ${name}`, '→'],
]

export const DRAG_TYPE = 'application/x-quire-navigation-route'

/**
 * Where over a row the pointer is: its top quarter drops before the route, its bottom quarter after it (the
 * same parent), the middle onto it (last under it). A row is about 2.25rem high, so each edge band is a few
 * pixels more than a thin line and still leaves most of the row for nesting.
 */
function positionIn(row: HTMLElement, clientY: number): DropPosition {
  const box = row.getBoundingClientRect()
  const y = (clientY - box.top) / Math.max(1, box.height)
  return y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside'
}

/**
 * A route in "Edit navigation": its name (marked hidden when `is_visible` is false), the keyboard moves, Edit
 * and (the person's own routes) Delete; the row drags (native HTML5 drag and drop) and takes drops before,
 * after or onto it, the target drawn while a route is over it.
 */
export function NavigationEditItem(props: NavigationEditItemProps) {
  const node = () => props.nodeOf(props.entry.id)
  const over = () => (props.dropTarget?.id === props.entry.id ? props.dropTarget.position : undefined)
  return (
    <li class="nav-tree-item">
      <div
        class="nav-tree-row nav-tree-edit-row"
        classList={{
          'drop-before': over() === 'before',
          'drop-after': over() === 'after',
          'drop-inside': over() === 'inside',
        }}
        data-route-row={props.entry.id}
        draggable="true"
        onDragStart={(event) => {
          event.dataTransfer?.setData(DRAG_TYPE, props.entry.id)
          if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move'
          props.onDragStart(props.entry.id)
        }}
        onDragEnd={() => props.onDragEnd()}
        onDragOver={(event) => {
          const target = { id: props.entry.id, position: positionIn(event.currentTarget, event.clientY) }
          // Only a possible drop is accepted (preventDefault); elsewhere the browser shows "no drop".
          if (props.onDragOver(target)) event.preventDefault()
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null))
            props.onDragLeave(props.entry.id)
        }}
        onDrop={(event) =>
          props.onDrop(event, {
            id: props.entry.id,
            position: positionIn(event.currentTarget, event.clientY),
          })
        }
      >
        <span class="nav-tree-label">{props.entry.name}</span>
        <Show when={props.entry.hidden}>
          <span class="nav-tree-badge">hidden</span>
        </Show>
        <span class="nav-tree-actions">
          <For each={MOVES}>
            {([action, label, glyph]) => (
              <button
                type="button"
                class="nav-tree-action"
                data-action={action}
                aria-label={label(props.entry.name)}
                title={label(props.entry.name)}
                disabled={planMove(props.tree, props.entry.id, action) === null}
                onClick={() => props.onMove(props.entry.id, action)}
              >
                <span aria-hidden="true">{glyph}</span>
              </button>
            )}
          </For>
          <button
            type="button"
            class="nav-tree-action"
            aria-label={`Edit ${props.entry.name}`}
            title={`Edit ${props.entry.name}`}
            onClick={() => {
              const found = node()
              if (found) props.onEdit(found)
            }}
          >
            <span aria-hidden="true">✎</span>
          </button>
          <Show when={node() && !node()?.is_system_route}>
            <button
              type="button"
              class="nav-tree-action nav-tree-delete"
              aria-label={`Delete ${props.entry.name}`}
              title={`Delete ${props.entry.name}`}
              onClick={() => {
                const found = node()
                if (found) props.onDelete(found)
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          </Show>
        </span>
      </div>
      <Show when={props.entry.children.length > 0}>
        <ul class="nav-tree">
          <For each={props.entry.children}>{(child) => <NavigationEditItem {...props} entry={child} />}</For>
        </ul>
      </Show>
    </li>
  )
}
