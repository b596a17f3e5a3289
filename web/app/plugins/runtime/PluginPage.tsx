import { Link } from '@tanstack/solid-router'
import { createMemo, createSignal, For, onCleanup, onMount, Show } from 'solid-js'
import type { PageContext } from '../../../core/plugins/runtime/frameProtocol'
import { PageEventBus } from '../../../core/plugins/runtime/PageEventBus'
import { BREAKPOINTS, readPageLayout, type Breakpoint } from '../../../core/plugins/runtime/readPageLayout'
import { BuiltinModuleCell } from '../../builtins/BuiltinModuleCell'
import { isBuiltinModule } from '../../builtins/builtinModules'
import { appTheme, setThemeFromPlugin } from '../../theme/appTheme'
import { usePageTitle } from '../../usePageTitle'
import { ModuleCell } from './ModuleCell'
import type { RuntimePlugin } from './pluginManifest'
import './pluginRuntime.css'

export interface RuntimePage {
  id: string
  name: string
  route: string
  description?: string | null
  content: unknown
}

/** One grid row of a layout's `h`, in pixels. */
export const ROW_HEIGHT = 60
const GAP = 12

/** The grid's breakpoint for its own width (BrainDrive's 1200 / 768 px; below, the phone's 4 columns). */
function breakpointFor(width: number): Breakpoint {
  if (width >= 1200) return 'desktop'
  if (width >= 768) return 'tablet'
  return 'mobile'
}

/**
 * A page's modules on the grid its `content` describes: 12, 8 or 4 columns by the grid's width, each
 * module in its cell (`x`, `y`, `w`, `h`), each in its own sandboxed frame (Quire's own modules, `pluginId:
 * 'quire'`, natively: BuiltinModuleCell). Modules on the page share
 * one event bus; theme and page context follow the app.
 */
export function PluginPage(props: { page: RuntimePage; plugins: readonly RuntimePlugin[] }) {
  usePageTitle(() => props.page.name)
  const layout = createMemo(() => readPageLayout(props.page.content))
  const bus = new PageEventBus()
  const theme = appTheme()
  const pageContext = createMemo<PageContext>(() => ({
    pageId: props.page.id,
    pageName: props.page.name,
    pageRoute: props.page.route,
    isStudioPage: false,
  }))
  const [breakpoint, setBreakpoint] = createSignal<Breakpoint>('desktop')
  let grid: HTMLDivElement | undefined

  onMount(() => {
    if (!grid) return
    const observer = new ResizeObserver(() => setBreakpoint(breakpointFor(grid?.clientWidth ?? 0)))
    observer.observe(grid)
    setBreakpoint(breakpointFor(grid.clientWidth))
    onCleanup(() => observer.disconnect())
  })

  const placement = (i: string) => layout()?.layouts[breakpoint()].find((item) => item.i === i)

  return (
    <section class="page plugin-page" aria-labelledby="plugin-page-title" data-breakpoint={breakpoint()}>
      <header class="page-header">
        <h1 id="plugin-page-title" class="page-title">
          {props.page.name}
        </h1>
        <Show when={props.page.description}>
          <p class="page-lead">{props.page.description}</p>
        </Show>
        <Link to="/designer/$pageId" params={{ pageId: props.page.id }} class="button button-small">
          Design
        </Link>
      </header>
      <Show when={layout()} fallback={<p class="panel">This page has no modules yet.</p>}>
        {(current) => (
          <div
            ref={grid}
            class="plugin-grid"
            style={{
              'grid-template-columns': `repeat(${BREAKPOINTS[breakpoint()]}, minmax(0, 1fr))`,
              gap: `${GAP}px`,
            }}
          >
            <For each={current().modules}>
              {(item) => {
                const place = () => placement(item.i)
                return (
                  <Show when={place()}>
                    {(at) => (
                      <div
                        class="plugin-grid-cell"
                        style={{
                          'grid-column': `${at().x + 1} / span ${at().w}`,
                          'grid-row': `${at().y + 1} / span ${at().h}`,
                        }}
                      >
                        <Show
                          when={!isBuiltinModule(item)}
                          fallback={
                            <BuiltinModuleCell
                              item={item}
                              services={{ bus, theme, pageContext }}
                              minHeight={at().h * ROW_HEIGHT + (at().h - 1) * GAP}
                            />
                          }
                        >
                          <ModuleCell
                            item={item}
                            plugins={props.plugins}
                            bus={bus}
                            theme={theme}
                            setTheme={setThemeFromPlugin}
                            pageContext={pageContext}
                            breakpoint={breakpoint}
                            minHeight={at().h * ROW_HEIGHT + (at().h - 1) * GAP}
                          />
                        </Show>
                      </div>
                    )}
                  </Show>
                )
              }}
            </For>
          </div>
        )}
      </Show>
    </section>
  )
}
