/**
 * A page's `content` in BrainDrive's shape (DESIGN.md section 8): `{layouts: {desktop, tablet, mobile:
 * [{i, x, y, w, h}]}, modules: {[i]: {pluginId, moduleId, moduleName, config}}}`, read defensively
 * (pages arrive by sync and from BrainDrive's studio) into placements on grids of 12, 8 and 4 columns.
 * A breakpoint without a layout of its own takes the wider one's, squeezed to its columns; every item
 * is kept inside its grid.
 */

export const BREAKPOINTS = { desktop: 12, tablet: 8, mobile: 4 } as const
export type Breakpoint = keyof typeof BREAKPOINTS

export interface Placement {
  i: string
  x: number
  y: number
  w: number
  h: number
}

export interface PageModuleRef {
  /** The layout item's key. */
  i: string
  /** The plugin's slug (BrainDrive's form) or its record id. */
  pluginId: string
  moduleId: string | undefined
  moduleName: string | undefined
  config: Record<string, unknown>
}

export interface PageLayout {
  layouts: Record<Breakpoint, Placement[]>
  modules: PageModuleRef[]
}

const MAX_ITEMS = 200
const MAX_ROWS = 1000

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' && value.length <= 200 ? value : undefined
}

function whole(value: unknown, fallback: number, min: number, max: number): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : fallback
  return Math.min(Math.max(n, min), max)
}

function readItems(value: unknown, columns: number): Placement[] | undefined {
  if (!Array.isArray(value)) return undefined
  const items: Placement[] = []
  const seen = new Set<string>()
  for (const item of value.slice(0, MAX_ITEMS)) {
    if (!isRecord(item)) continue
    const i = text(item.i) ?? (typeof item.i === 'number' ? String(item.i) : undefined)
    if (i === undefined || seen.has(i)) continue
    seen.add(i)
    const w = whole(item.w, Math.min(4, columns), 1, columns)
    items.push({
      i,
      w,
      x: whole(item.x, 0, 0, columns - w),
      y: whole(item.y, 0, 0, MAX_ROWS),
      h: whole(item.h, 4, 1, MAX_ROWS),
    })
  }
  return items
}

/** A wider layout fitted to `columns`: positions and widths scaled, nothing outside the grid. */
function squeeze(items: readonly Placement[], from: number, columns: number): Placement[] {
  if (columns <= 4) {
    // A phone: one module a row, in reading order.
    let y = 0
    return [...items]
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((item) => {
        const placed = { ...item, x: 0, w: columns, y }
        y += item.h
        return placed
      })
  }
  // Both edges scaled, so neighbours that touched still touch and never overlap.
  const scale = (n: number) => Math.round((n * columns) / from)
  return items.map((item) => {
    const x = Math.min(scale(item.x), columns - 1)
    const w = Math.max(1, Math.min(scale(item.x + item.w), columns) - x)
    return { ...item, x, w }
  })
}

/** The module of layout item `i`: `modules[i]`, or (older studio pages) fields on the item itself. */
function readModule(i: string, modules: Record<string, unknown>, item: unknown): PageModuleRef | undefined {
  const source = isRecord(modules[i]) ? modules[i] : isRecord(item) ? item : undefined
  if (!source) return undefined
  const pluginId = text(source.pluginId) ?? text(source.plugin_id)
  if (!pluginId) return undefined
  return {
    i,
    pluginId,
    moduleId: text(source.moduleId) ?? text(source.module_id),
    moduleName: text(source.moduleName) ?? text(source.module_name),
    config: isRecord(source.config) ? source.config : {},
  }
}

/** The page's modules and their placements, or undefined when its content names no modules. */
export function readPageLayout(content: unknown): PageLayout | undefined {
  if (!isRecord(content) || !isRecord(content.layouts)) return undefined
  const rawLayouts = content.layouts
  const modulesObject = isRecord(content.modules) ? content.modules : {}

  const desktop = readItems(rawLayouts.desktop, BREAKPOINTS.desktop)
  const tablet = readItems(rawLayouts.tablet, BREAKPOINTS.tablet)
  const mobile = readItems(rawLayouts.mobile, BREAKPOINTS.mobile)
  const widest = desktop ?? tablet ?? mobile
  if (!widest) return undefined
  const widestColumns = desktop ? 12 : tablet ? 8 : 4
  const layouts: Record<Breakpoint, Placement[]> = {
    desktop: desktop ?? widest,
    tablet: tablet ?? squeeze(widest, widestColumns, BREAKPOINTS.tablet),
    mobile: mobile ?? squeeze(tablet ?? widest, tablet ? 8 : widestColumns, BREAKPOINTS.mobile),
  }

  // Every module placed at any breakpoint, once, in desktop reading order.
  const rawItems = new Map<string, unknown>()
  for (const key of ['desktop', 'tablet', 'mobile'] as const) {
    const list = rawLayouts[key]
    if (!Array.isArray(list)) continue
    for (const item of list) {
      if (isRecord(item) && (typeof item.i === 'string' || typeof item.i === 'number')) {
        const i = String(item.i)
        if (!rawItems.has(i)) rawItems.set(i, item)
      }
    }
  }
  const order = [...layouts.desktop].sort((a, b) => a.y - b.y || a.x - b.x).map((item) => item.i)
  for (const key of ['tablet', 'mobile'] as const) {
    for (const item of layouts[key]) if (!order.includes(item.i)) order.push(item.i)
  }
  const modules = order.flatMap((i) => {
    const module = readModule(i, modulesObject, rawItems.get(i))
    return module ? [module] : []
  })
  if (modules.length === 0) return undefined
  const known = new Set(modules.map((module) => module.i))
  for (const key of Object.keys(layouts) as Breakpoint[]) {
    layouts[key] = layouts[key].filter((item) => known.has(item.i))
  }
  return { layouts, modules }
}
