import type { Placement } from '../../core/plugins/runtime/readPageLayout'

/** A module's `layout` from its manifest: sizes in grid columns and rows (any may be missing). */
export interface LayoutLimits {
  minWidth?: number | null
  maxWidth?: number | null
  minHeight?: number | null
  maxHeight?: number | null
  defaultWidth?: number | null
  defaultHeight?: number | null
}

export interface SizeBounds {
  minW: number
  maxW: number
  minH: number
  maxH: number
}

const MAX_ROWS = 1000

const whole = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : undefined

/**
 * The sizes a module may take on a grid of `columns`: its manifest's limits, each kept inside the grid (a
 * module whose minimum is wider than a phone's 4 columns takes the whole row there).
 */
export function sizeBounds(limits: LayoutLimits | undefined, columns: number): SizeBounds {
  const minW = Math.min(Math.max(whole(limits?.minWidth) ?? 1, 1), columns)
  const maxW = Math.max(Math.min(whole(limits?.maxWidth) ?? columns, columns), minW)
  const minH = Math.min(Math.max(whole(limits?.minHeight) ?? 1, 1), MAX_ROWS)
  const maxH = Math.max(Math.min(whole(limits?.maxHeight) ?? MAX_ROWS, MAX_ROWS), minH)
  return { minW, maxW, minH, maxH }
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max)

/** A module's size when added: its defaults, within its limits and the grid. */
export function defaultSize(limits: LayoutLimits | undefined, columns: number): { w: number; h: number } {
  const bounds = sizeBounds(limits, columns)
  return {
    w: clamp(whole(limits?.defaultWidth) ?? Math.min(4, columns), bounds.minW, bounds.maxW),
    h: clamp(whole(limits?.defaultHeight) ?? 4, bounds.minH, bounds.maxH),
  }
}

/** A placement kept within the module's limits and inside the grid (never left of column 0 or above row 0). */
export function clampPlacement(
  item: Placement,
  limits: LayoutLimits | undefined,
  columns: number,
): Placement {
  const bounds = sizeBounds(limits, columns)
  const w = clamp(Math.round(item.w), bounds.minW, bounds.maxW)
  const h = clamp(Math.round(item.h), bounds.minH, bounds.maxH)
  return {
    i: item.i,
    w,
    h,
    x: clamp(Math.round(item.x), 0, columns - w),
    y: clamp(Math.round(item.y), 0, MAX_ROWS),
  }
}

/** The first row below every placed module: where a new one goes. */
export function nextFreeRow(items: readonly Placement[]): number {
  return items.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0)
}
