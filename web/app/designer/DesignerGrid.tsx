import { GridStack, type GridStackNode } from 'gridstack'
import { createEffect, onCleanup, onMount } from 'solid-js'
import { render } from 'solid-js/web'
import type { Placement } from '../../core/plugins/runtime/readPageLayout'
import { DesignerModuleCard } from './DesignerModuleCard'
import type { GridModule } from './GridModule'

export interface DesignerGridProps {
  columns: number
  items: readonly Placement[]
  module: (i: string) => GridModule | undefined
  selected: () => string | undefined
  onSelect: (i: string) => void
  onRemove: (i: string) => void
  onKey: (i: string, event: KeyboardEvent) => void
  /** The person moved or resized modules by mouse or touch: every placement as the grid has it now. */
  onChange: (items: Placement[]) => void
  /** The grid settled modules it had to push aside after a change from the designer itself. */
  onSettle: (items: Placement[]) => void
  /** A palette entry dropped on the grid at a cell. */
  onDrop: (paletteKey: string, x: number, y: number) => void
}

export const CELL_HEIGHT = 60

/** What the grid accepts from outside: palette entries made drag sources by `paletteDragSource`. */
const PALETTE_ITEM = '.designer-palette-item'

/**
 * Makes a palette entry draggable onto the grid (a clone follows the pointer; the grid reads its size
 * from the entry's `gs-w`/`gs-h`). Called for each entry as it is created: `GridStack.setupDragIn` with a
 * selector reaches only the entries that exist at that moment, and the palette makes new ones whenever
 * its list changes (a search, a category, the modules read again), which then could not be dragged.
 * The drag is set up directly rather than through `setupDragIn`, which also dispatches a synthetic
 * `dragstart` DOM event on the entry: nothing here listens for it, and Playwright's Chromium reads any
 * uncancelled `dragstart` during a mouse move as the start of a native drag and waits for one forever.
 */
export function paletteDragSource(el: HTMLElement): void {
  GridStack.getDD().dragIn(el, { appendTo: 'body', helper: 'clone' })
}

function placements(grid: GridStack): Placement[] {
  return grid.engine.nodes
    .filter((node) => typeof node.id === 'string')
    .map((node) => ({ i: String(node.id), x: node.x ?? 0, y: node.y ?? 0, w: node.w ?? 1, h: node.h ?? 1 }))
}

const samePlaces = (a: readonly Placement[], b: readonly Placement[]) =>
  a.length === b.length &&
  a.every((item) => {
    const other = b.find((candidate) => candidate.i === item.i)
    return other && other.x === item.x && other.y === item.y && other.w === item.w && other.h === item.h
  })

/**
 * The design grid (gridstack): one widget per module, its card rendered by Solid. The designer's state is
 * the source of truth; the grid follows it, and reports what the person changes by mouse.
 */
export function DesignerGrid(props: DesignerGridProps) {
  let host!: HTMLDivElement
  let grid: GridStack | undefined
  let syncing = false
  const widgets = new Map<string, { el: HTMLElement; dispose: () => void }>()

  onMount(() => {
    const created = GridStack.init(
      {
        column: props.columns,
        cellHeight: CELL_HEIGHT,
        margin: 6,
        mode: 'float',
        acceptWidgets: PALETTE_ITEM,
        draggable: { handle: '.designer-module-handle' },
        resizable: { handles: 'se' },
      },
      host,
    )
    if (!created) return
    grid = created
    created.on('change', () => {
      if (!syncing && grid) props.onChange(placements(grid))
    })
    created.on('dropped', (_event: Event, _previous: GridStackNode | undefined, node: GridStackNode) => {
      const el = node.el
      const key = el?.dataset.paletteKey
      const { x = 0, y = 0 } = node
      if (el && grid) {
        syncing = true
        grid.removeWidget(el, true, false)
        syncing = false
      }
      if (key) props.onDrop(key, x, y)
    })
  })

  createEffect(() => {
    const items = props.items
    if (!grid) return
    syncing = true
    grid.batchUpdate()
    const wanted = new Set(items.map((item) => item.i))
    for (const [i, widget] of widgets) {
      if (wanted.has(i)) continue
      grid.removeWidget(widget.el, true, false)
      widget.dispose()
      widgets.delete(i)
    }
    for (const item of items) {
      const bounds = props.module(item.i)?.bounds
      const options = { x: item.x, y: item.y, w: item.w, h: item.h, ...bounds }
      const existing = widgets.get(item.i)
      if (existing) {
        grid.update(existing.el, options)
        continue
      }
      const el = document.createElement('div')
      el.className = 'grid-stack-item'
      const content = document.createElement('div')
      content.className = 'grid-stack-item-content'
      el.append(content)
      host.append(el)
      const dispose = render(
        () => (
          <DesignerModuleCard
            i={item.i}
            module={props.module(item.i)}
            place={() => props.items.find((candidate) => candidate.i === item.i)}
            selected={props.selected() === item.i}
            onSelect={() => props.onSelect(item.i)}
            onRemove={() => props.onRemove(item.i)}
            onKey={(event) => props.onKey(item.i, event)}
          />
        ),
        content,
      )
      grid.makeWidget(el, { ...options, id: item.i })
      widgets.set(item.i, { el, dispose })
    }
    grid.batchUpdate(false)
    syncing = false
    const settled = placements(grid)
    if (!samePlaces(settled, items)) props.onSettle(settled)
  })

  onCleanup(() => {
    for (const widget of widgets.values()) widget.dispose()
    widgets.clear()
    grid?.destroy(false)
  })

  return (
    <div
      ref={host}
      class="grid-stack designer-grid"
      data-columns={props.columns}
      style={{ '--designer-columns': String(props.columns) }}
    />
  )
}
