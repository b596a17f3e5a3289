import { createEffect, createSignal, on, onCleanup, onMount, Show, type Accessor } from 'solid-js'
import type { FrameFile, PageContext, ThemeName } from '../../../core/plugins/runtime/frameProtocol'
import type { PageEventBus } from '../../../core/plugins/runtime/PageEventBus'
import type { PageModuleRef } from '../../../core/plugins/runtime/readPageLayout'
import { frameDocument, frameRuntimeSource } from './frameRuntimeSource'
import { ModuleHost } from './ModuleHost'
import { findPageModule, type RuntimeModule, type RuntimePlugin } from './pluginManifest'
import { loadBundleFiles } from './pluginFiles'
import { loadFrameStorage } from './frameStorage'
import { loadMovedServices } from './loadMovedServices'

export interface ModuleCellProps {
  item: PageModuleRef
  plugins: readonly RuntimePlugin[]
  bus: PageEventBus
  theme: Accessor<ThemeName>
  setTheme(theme: ThemeName): Promise<void>
  pageContext: Accessor<PageContext | null>
  breakpoint: Accessor<string>
  /** The cell's own height from the layout, in pixels: the frame is never smaller. */
  minHeight: number
}

type CellState = { status: 'loading' } | { status: 'ready' } | { status: 'error'; message: string }

/**
 * One module of a page in its own sandboxed frame: `allow-scripts` and `allow-forms` (without it a
 * sandboxed form never fires `submit`, and BrainDrive's modules handle their forms in onSubmit; the
 * frame's CSP `form-action 'none'` still stops any form from sending anything anywhere), never
 * `allow-same-origin`: an opaque origin that can read nothing of Quire's. Whatever the module does (throws, hangs, never loads) stays in this cell:
 * the cell shows the error and the rest of the page goes on.
 *
 * A trusted plugin's module (the person confirmed the warning in the plugin manager) renders in the
 * cell itself, in Quire's page, through the lazily loaded trusted runtime; its services, its ready
 * timeout and its errors go through the same ModuleHost.
 */
export function ModuleCell(props: ModuleCellProps) {
  const found = () => findPageModule(props.plugins, props.item)
  const [state, setState] = createSignal<CellState>({ status: 'loading' })
  const [height, setHeight] = createSignal(0)
  const [srcdoc, setSrcdoc] = createSignal<string>()
  const [inPage, setInPage] = createSignal(false)
  let frame: HTMLIFrameElement | undefined
  let pageRoot: HTMLDivElement | undefined
  let host: ModuleHost | undefined
  let stopInPage: (() => void) | undefined
  let gone = false

  const stop = () => {
    host?.dispose()
    stopInPage?.()
  }
  const fail = (message: string) => {
    stop()
    setState({ status: 'error', message })
  }
  const describe = (error: unknown) =>
    error instanceof Error ? error.message : 'The module could not be loaded'

  const hostOptions = (plugin: RuntimePlugin, module: RuntimeModule, files: FrameFile[]) => ({
    plugin,
    module,
    instanceId: props.item.i,
    config: props.item.config,
    files,
    bus: props.bus,
    theme: props.theme,
    setTheme: props.setTheme,
    pageContext: props.pageContext,
    breakpoint: props.breakpoint(),
    onReady: () => setState({ status: 'ready' }),
    onError: fail,
    onSize: setHeight,
  })

  const startInPage = (plugin: RuntimePlugin, module: RuntimeModule) => {
    Promise.all([import('./trusted/runTrustedModule'), loadBundleFiles(plugin)]).then(
      ([{ runTrustedModule }, files]) => {
        if (gone) return
        setInPage(true)
        const element = pageRoot
        if (!element) return fail('The module’s cell is not in the page')
        host = new ModuleHost({
          ...hostOptions(plugin, module, files),
          target: { inPage: (port) => (stopInPage = runTrustedModule(port, element, plugin)) },
        })
      },
      (error: unknown) => fail(describe(error)),
    )
  }

  const startInFrame = (plugin: RuntimePlugin, module: RuntimeModule) => {
    // Start every read at once; the frame starts when its document and all of them are there.
    const work = Promise.all([
      frameDocument(),
      frameRuntimeSource(),
      loadBundleFiles(plugin),
      loadFrameStorage(plugin.slug),
      loadMovedServices(),
    ])
    work.then(
      ([document, runtimeSource, files, storage, moved]) => {
        if (gone) return
        setSrcdoc(document)
        frame?.addEventListener(
          'load',
          () => {
            if (gone || !frame) return
            host = new ModuleHost({
              ...hostOptions(plugin, module, files),
              storage,
              moved,
              target: { frame, runtimeSource },
            })
          },
          { once: true },
        )
      },
      (error: unknown) => fail(describe(error)),
    )
  }

  onMount(() => {
    const target = found()
    if (!target)
      return fail(
        `The module ${props.item.moduleName ?? props.item.moduleId ?? ''} of ${props.item.pluginId} is not installed`,
      )
    const { plugin, module } = target
    if (!plugin.enabled) return fail(`${plugin.name} is disabled`)
    if (!module.enabled) return fail(`${module.displayName} is disabled`)
    if (plugin.trusted) startInPage(plugin, module)
    else startInFrame(plugin, module)
  })

  createEffect(on(props.theme, (theme) => host?.themeChanged(theme), { defer: true }))
  createEffect(on(props.pageContext, (context) => host?.pageContextChanged(context), { defer: true }))
  onCleanup(() => {
    gone = true
    stop()
  })

  const title = () => found()?.module.displayName ?? props.item.moduleName ?? props.item.moduleId ?? 'Module'
  return (
    <div
      class="plugin-module"
      data-module={props.item.i}
      data-state={state().status}
      data-trusted={found()?.plugin.trusted ? 'true' : undefined}
      style={{ 'min-height': `${props.minHeight}px` }}
    >
      <Show when={state().status === 'loading'}>
        <p class="plugin-module-status" role="status">
          Loading {title()}…
        </p>
      </Show>
      <Show when={state().status !== 'error' && inPage()}>
        <div
          ref={pageRoot}
          class="plugin-module-page"
          classList={{ 'plugin-module-frame-hidden': state().status === 'loading' }}
        />
      </Show>
      <Show when={state().status !== 'error' && srcdoc()}>
        <iframe
          ref={frame}
          class="plugin-module-frame"
          title={title()}
          sandbox="allow-scripts allow-forms"
          srcdoc={srcdoc()}
          style={{ height: `${Math.max(height(), props.minHeight)}px` }}
          classList={{ 'plugin-module-frame-hidden': state().status === 'loading' }}
        />
      </Show>
      <Show
        when={(() => {
          const s = state()
          return s.status === 'error' ? s : undefined
        })()}
        keyed
      >
        {(error) => (
          <div class="plugin-module-error" role="alert">
            <p class="plugin-module-error-title">{title()} could not be shown</p>
            <p class="plugin-module-error-detail">{error.message}</p>
          </div>
        )}
      </Show>
    </div>
  )
}
