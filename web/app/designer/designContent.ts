import {
  BREAKPOINTS,
  readPageLayout,
  type Breakpoint,
  type Placement,
} from '../../core/plugins/runtime/readPageLayout'

/** One module on the page being designed. */
export interface DesignModule {
  pluginId: string
  moduleId: string
  moduleName: string
  config: Record<string, unknown>
}

/** The page being designed: its modules by layout key, and their placements at each breakpoint. */
export interface Design {
  modules: Readonly<Record<string, DesignModule>>
  layouts: Readonly<Record<Breakpoint, readonly Placement[]>>
}

export const emptyDesign = (): Design => ({ modules: {}, layouts: { desktop: [], tablet: [], mobile: [] } })

/** A page's stored content (BrainDrive's `{layouts, modules}`, or anything older) as a design. */
export function contentToDesign(content: unknown): Design {
  const layout = readPageLayout(content)
  if (!layout) return emptyDesign()
  const modules: Record<string, DesignModule> = {}
  for (const module of layout.modules) {
    modules[module.i] = {
      pluginId: module.pluginId,
      moduleId: module.moduleId ?? module.moduleName ?? '',
      moduleName: module.moduleName ?? module.moduleId ?? '',
      config: { ...module.config },
    }
  }
  return { modules, layouts: layout.layouts }
}

/**
 * The design as BrainDrive's page content: `layouts.{desktop,tablet,mobile}` items `{i, x, y, w, h,
 * pluginId, moduleId}` and `modules[i] = {pluginId, moduleId, moduleName, config}`. Other fields of the
 * content it was read from (BrainDrive's `canvas`) are kept.
 */
export function designToContent(design: Design, previous: unknown = {}): Record<string, unknown> {
  const base =
    typeof previous === 'object' && previous !== null && !Array.isArray(previous)
      ? (previous as Record<string, unknown>)
      : {}
  const layouts = Object.fromEntries(
    (Object.keys(BREAKPOINTS) as Breakpoint[]).map((breakpoint) => [
      breakpoint,
      design.layouts[breakpoint]
        .filter((item) => design.modules[item.i])
        .map((item) => ({
          i: item.i,
          x: item.x,
          y: item.y,
          w: item.w,
          h: item.h,
          pluginId: design.modules[item.i]!.pluginId,
          moduleId: design.modules[item.i]!.moduleId,
        })),
    ]),
  )
  const modules = Object.fromEntries(
    Object.entries(design.modules).map(([i, module]) => [i, { ...module, config: { ...module.config } }]),
  )
  return { ...base, layouts, modules }
}

/** The design with one breakpoint's placements replaced (others untouched). */
export function withPlacements(design: Design, breakpoint: Breakpoint, items: readonly Placement[]): Design {
  return { ...design, layouts: { ...design.layouts, [breakpoint]: items } }
}

/** The design with a module added at the given placement for each breakpoint. */
export function withModule(
  design: Design,
  i: string,
  module: DesignModule,
  places: Record<Breakpoint, Placement>,
): Design {
  return {
    modules: { ...design.modules, [i]: module },
    layouts: {
      desktop: [...design.layouts.desktop, places.desktop],
      tablet: [...design.layouts.tablet, places.tablet],
      mobile: [...design.layouts.mobile, places.mobile],
    },
  }
}

/** The design without module `i`, at every breakpoint. */
export function withoutModule(design: Design, i: string): Design {
  const { [i]: _removed, ...modules } = design.modules
  return {
    modules,
    layouts: {
      desktop: design.layouts.desktop.filter((item) => item.i !== i),
      tablet: design.layouts.tablet.filter((item) => item.i !== i),
      mobile: design.layouts.mobile.filter((item) => item.i !== i),
    },
  }
}

/** A layout key not yet used on the page, from the module's name. */
export function newModuleKey(design: Design, moduleName: string): string {
  const stem = moduleName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '') || 'module'
  for (let n = 1; ; n++) {
    const key = `${stem}-${n}`
    if (!design.modules[key]) return key
  }
}
