import { createSignal, lazy, onCleanup, Show, Suspense, type Component } from 'solid-js'
import { Dynamic } from 'solid-js/web'
import type { PageModuleRef } from '../../core/plugins/runtime/readPageLayout'
import { LoadingPanel } from '../components/LoadingPanel'
import { builtinConfig, findBuiltinModule, type BuiltinModuleName } from './builtinModules'
import type { BuiltinModuleServices, BuiltinViewProps, PageServices } from './builtinServices'
import { readCollectionSelected, type CollectionSelected } from './collectionSelected'
import { joinBuiltinBus } from './joinBuiltinBus'
import { saveModuleConfig } from './saveModuleConfig'
import './builtins.css'

type ModuleView = Component<BuiltinViewProps>

// Each loads with its first use: a page without a chat does not load the chat screen's code.
const VIEWS: Record<BuiltinModuleName, ModuleView> = {
  Chat: lazy(() => import('./BuiltinChat')),
  Search: lazy(() => import('./BuiltinSearch')),
  Collections: lazy(() => import('./BuiltinCollections')),
  Evaluation: lazy(() => import('./BuiltinEvaluation')),
}

/**
 * A page's built-in module (`pluginId: 'quire'`) in its cell, rendered natively in Quire's page, no
 * frame: a region named after the module, with the module's config (defaults filled in). An unknown
 * module name shows the same error a missing plugin module does.
 *
 * It joins the page's services as a plugin module does: the event bus (as `messages` declares, for as
 * long as the cell is on the page), the theme (`data-theme`; its styles are the app's own, which follow
 * the same colour scheme) and the page's context.
 */
export function BuiltinModuleCell(props: { item: PageModuleRef; minHeight: number; services: PageServices }) {
  const entry = () => findBuiltinModule(props.item)
  const [chosenCollection, setChosenCollection] = createSignal<CollectionSelected>()
  const found = entry()
  const member = found
    ? joinBuiltinBus(props.services.bus, props.item.i, found, (message) => {
        const chosen = readCollectionSelected(message)
        if (chosen) setChosenCollection(chosen)
      })
    : undefined
  onCleanup(() => member?.leave())
  // Settings the module saved itself (a collection chosen in the cell): they apply at once, over the
  // config the page was loaded with.
  const [savedConfig, setSavedConfig] = createSignal<Record<string, unknown>>()
  const services: BuiltinModuleServices = {
    theme: props.services.theme,
    pageContext: props.services.pageContext,
    send: (message) => member?.send(message) ?? 0,
    chosenCollection,
    async saveConfig(patch) {
      const pageId = props.services.pageContext()?.pageId
      if (!pageId) throw new Error('This page has not been saved yet')
      setSavedConfig(await saveModuleConfig(pageId, props.item.i, patch))
    },
  }
  const title = () => entry()?.display_name ?? props.item.moduleName ?? props.item.moduleId ?? 'Module'
  const headingId = () => `builtin-${props.item.i}-title`
  return (
    <div
      class="plugin-module builtin-module"
      data-module={props.item.i}
      data-builtin={entry()?.name}
      data-state={entry() ? 'ready' : 'error'}
      data-theme={props.services.theme()}
      data-page={props.services.pageContext()?.pageId}
      style={{ 'min-height': `${props.minHeight}px` }}
    >
      <Show
        when={entry()}
        fallback={
          <div class="plugin-module-error" role="alert">
            <p class="plugin-module-error-title">{title()} could not be shown</p>
            <p class="plugin-module-error-detail">
              Quire has no built-in module {props.item.moduleId ?? props.item.moduleName ?? ''}
            </p>
          </div>
        }
      >
        {(found) => (
          <section class="builtin-module-body" aria-labelledby={headingId()}>
            <h2 id={headingId()} class="visually-hidden">
              {found().display_name}
            </h2>
            <Suspense fallback={<LoadingPanel label={`Loading ${found().display_name}…`} />}>
              <Dynamic
                component={VIEWS[found().name]}
                config={builtinConfig(found(), savedConfig() ?? props.item.config)}
                services={services}
              />
            </Suspense>
          </section>
        )}
      </Show>
    </div>
  )
}
