import { useBlocker, useNavigate, useRouter } from '@tanstack/solid-router'
import { createMemo, createSignal, For, onCleanup, onMount, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { BREAKPOINTS, type Breakpoint, type Placement } from '../../core/plugins/runtime/readPageLayout'
import { usePageTitle } from '../usePageTitle'
import { ConfigPanel } from './ConfigPanel'
import {
  contentToDesign,
  designToContent,
  newModuleKey,
  withModule,
  withoutModule,
  withPlacements,
  type Design,
} from './designContent'
import { BackupsDialog } from './BackupsDialog'
import {
  backUpPage,
  loadDesignerPage,
  publishPage,
  restorePageBackup,
  savePageContent,
  type DesignerPageRecord,
  type PageBackupSummary,
  type PaletteModule,
} from './designerApi'
import { DesignerGrid } from './DesignerGrid'
import type { GridModule } from './GridModule'
import { DesignerPalette } from './DesignerPalette'
import { moduleSummary } from './moduleSummary'
import { clampPlacement, defaultSize, nextFreeRow, sizeBounds } from './layoutLimits'
import { canRedo, canUndo, pushState, redo, startHistory, undo, type History } from './undoStack'
import './designer.css'
import { FormAlert } from '../ui/FormAlert'

const NO_FIELDS: Readonly<Record<string, never>> = {}

const LAYOUT_NAMES: Record<Breakpoint, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Phone' }

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))

/**
 * The page designer: a palette of modules, the page's grid at desktop, tablet and phone widths (each
 * layout its own), the selected module's settings; undo and redo, save (asking before leaving unsaved
 * changes), preview, publish, back up and restore. Every change is announced to screen readers.
 */
export function DesignerScreen(props: { page: DesignerPageRecord; modules: readonly PaletteModule[] }) {
  usePageTitle(() => `Design ${props.page.name}`)
  const navigate = useNavigate()
  const router = useRouter()
  const [page, setPage] = createSignal(props.page)
  const [history, setHistory] = createSignal<History<Design>>(
    startHistory(contentToDesign(props.page.content)),
  )
  const [saved, setSaved] = createSignal<Design>(history().present)
  const [breakpoint, setBreakpoint] = createSignal<Breakpoint>('desktop')
  const [selected, setSelected] = createSignal<string>()
  const [announcement, setAnnouncement] = createSignal('')
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal<string>()
  const [showBackups, setShowBackups] = createSignal(false)
  const design = () => history().present
  const dirty = () => design() !== saved()
  const columns = () => BREAKPOINTS[breakpoint()]

  const paletteByKey = createMemo(() => new Map(props.modules.map((module) => [module.key, module])))
  const paletteFor = (i: string) => {
    const module = design().modules[i]
    if (!module) return undefined
    return props.modules.find(
      (entry) =>
        entry.pluginId === module.pluginId &&
        (entry.moduleId === module.moduleId || entry.moduleName === module.moduleName),
    )
  }
  const labelOf = (i: string) => paletteFor(i)?.displayName ?? design().modules[i]?.moduleName ?? i

  let sequence = 0
  const announce = (message: string) => {
    // A repeated message is still read out: the region's text changes each time.
    sequence += 1
    setAnnouncement(sequence % 2 === 0 ? `${message}\u00a0` : message)
  }

  const commit = (next: Design, message?: string) => {
    setHistory((current) => pushState(current, next))
    if (message) announce(message)
  }
  /** Amends the present state (the grid pushed modules aside): part of the same step. */
  const amend = (next: Design) => setHistory((current) => ({ ...current, present: next }))

  const placementOf = (i: string) => design().layouts[breakpoint()].find((item) => item.i === i)

  const gridModule = (i: string): GridModule | undefined => {
    const module = design().modules[i]
    if (!module) return undefined
    const entry = paletteFor(i)
    return {
      i,
      label: labelOf(i),
      source: entry?.pluginName ?? module.pluginId,
      description: entry?.description ?? 'This module is not installed or is switched off.',
      icon: entry?.icon,
      summary: moduleSummary(entry?.configFields ?? NO_FIELDS, module.config ?? NO_FIELDS),
      bounds: sizeBounds(entry?.layout, columns()),
    }
  }

  const focusModule = (i: string) =>
    queueMicrotask(() =>
      document
        .querySelector<HTMLElement>(`[data-module-key="${CSS.escape(i)}"] .designer-module-select`)
        ?.focus(),
    )

  const addModule = (module: PaletteModule, at?: { x: number; y: number }) => {
    const current = design()
    const i = newModuleKey(current, module.moduleName)
    const place = (bp: Breakpoint): Placement => {
      const cols = BREAKPOINTS[bp]
      const size = defaultSize(module.layout, cols)
      const spot = at && bp === breakpoint() ? at : { x: 0, y: nextFreeRow(current.layouts[bp]) }
      return clampPlacement({ i, ...size, ...spot }, module.layout, cols)
    }
    const places = { desktop: place('desktop'), tablet: place('tablet'), mobile: place('mobile') }
    const here = places[breakpoint()]
    commit(
      withModule(
        current,
        i,
        { pluginId: module.pluginId, moduleId: module.moduleId, moduleName: module.moduleName, config: {} },
        places,
      ),
      `${module.displayName} added at column ${here.x + 1}, row ${here.y + 1}`,
    )
    setSelected(i)
    focusModule(i)
  }

  const removeModule = (i: string) => {
    const label = labelOf(i)
    commit(withoutModule(design(), i), `${label} removed`)
    if (selected() === i) setSelected(undefined)
    queueMicrotask(() => document.querySelector<HTMLElement>('.designer-module-select')?.focus())
  }

  const replacePlacement = (next: Placement) =>
    withPlacements(
      design(),
      breakpoint(),
      design().layouts[breakpoint()].map((item) => (item.i === next.i ? next : item)),
    )

  const moveBy = (i: string, dx: number, dy: number) => {
    const place = placementOf(i)
    if (!place) return
    const next = clampPlacement(
      { ...place, x: place.x + dx, y: place.y + dy },
      paletteFor(i)?.layout,
      columns(),
    )
    if (next.x === place.x && next.y === place.y)
      return announce(`${labelOf(i)} cannot move further that way`)
    commit(replacePlacement(next), `${labelOf(i)} moved to column ${next.x + 1}, row ${next.y + 1}`)
  }

  const resizeBy = (i: string, dw: number, dh: number) => {
    const place = placementOf(i)
    if (!place) return
    const next = clampPlacement(
      { ...place, w: place.w + dw, h: place.h + dh },
      paletteFor(i)?.layout,
      columns(),
    )
    if (next.w === place.w && next.h === place.h) return announce(`${labelOf(i)} is at its size limit`)
    commit(replacePlacement(next), `${labelOf(i)} resized to ${sizeText(next)}`)
  }

  const onModuleKey = (i: string, event: KeyboardEvent) => {
    const steps: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    }
    const step = steps[event.key]
    if (step) {
      event.preventDefault()
      if (event.shiftKey) resizeBy(i, step[0], step[1])
      else moveBy(i, step[0], step[1])
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault()
      removeModule(i)
    }
  }

  /** The person dragged or resized by mouse: the change is one step, announced per module. */
  const onGridChange = (items: Placement[]) => {
    const before = design().layouts[breakpoint()]
    const clamped = items.map((item) => clampPlacement(item, paletteFor(item.i)?.layout, columns()))
    const messages = clamped.flatMap((item) => {
      const old = before.find((candidate) => candidate.i === item.i)
      if (!old) return []
      if (old.w !== item.w || old.h !== item.h) return [`${labelOf(item.i)} resized to ${sizeText(item)}`]
      if (old.x !== item.x || old.y !== item.y)
        return [`${labelOf(item.i)} moved to column ${item.x + 1}, row ${item.y + 1}`]
      return []
    })
    if (messages.length === 0) return
    commit(withPlacements(design(), breakpoint(), clamped), messages.join('. '))
  }

  const onGridSettle = (items: Placement[]) => amend(withPlacements(design(), breakpoint(), items))

  const onDrop = (key: string, x: number, y: number) => {
    const module = paletteByKey().get(key)
    if (module) addModule(module, { x, y })
  }

  const doUndo = () => {
    if (!canUndo(history())) return
    setHistory(undo(history()))
    announce('Undone')
  }
  const doRedo = () => {
    if (!canRedo(history())) return
    setHistory(redo(history()))
    announce('Redone')
  }

  const run = async (action: () => Promise<string>) => {
    if (busy()) return
    setBusy(true)
    setError(undefined)
    try {
      announce(await action())
    } catch (caught) {
      setError(errorDetail(caught))
    } finally {
      setBusy(false)
    }
  }

  const save = () =>
    run(async () => {
      const snapshot = design()
      const answer = await savePageContent(page().id, designToContent(snapshot, page().content))
      setPage((current) => ({ ...current, ...answer, content_backup: current.content_backup }))
      setSaved(snapshot)
      return 'Page saved'
    })

  const togglePublish = () =>
    run(async () => {
      const publish = !page().is_published
      const answer = await publishPage(page().id, publish)
      setPage((current) => ({ ...current, is_published: answer.is_published }))
      // Loaders read again, and the navigation with them: the page shows there (or leaves) at once.
      void router.invalidate()
      return publish ? 'Page published' : 'Page unpublished'
    })

  const backUp = () =>
    run(async () => {
      await backUpPage(page().id)
      setPage(await loadDesignerPage(page().id))
      return 'Saved page backed up'
    })

  /**
   * The server restores and saves (backing up what it replaces); here the restored design becomes one
   * step of the undo history and the saved state, so Undo brings back the design the person had.
   */
  const restoreBackup = async (backup: PageBackupSummary) => {
    const answer = await restorePageBackup(page().id, backup.id)
    const restored = contentToDesign(answer.content)
    setHistory((current) => pushState(current, restored))
    setSaved(restored)
    setPage((current) => ({ ...current, content: answer.content }))
    setSelected(undefined)
    setShowBackups(false)
    announce(`Backup ${backup.label} restored and saved. Undo brings back the design you had.`)
  }

  const preview = () => void navigate({ to: '/p/$', params: { _splat: page().route.replace(/^\/+/, '') } })

  // Leaving with unsaved changes: the browser asks on unload, the app asks before in-app navigation.
  const blocker = useBlocker({
    shouldBlockFn: () => dirty(),
    enableBeforeUnload: () => dirty(),
    withResolver: true,
  })

  onMount(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || isTyping(event.target)) return
      const key = event.key.toLowerCase()
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault()
        doUndo()
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault()
        doRedo()
      } else if (key === 's') {
        event.preventDefault()
        void save()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    onCleanup(() => document.removeEventListener('keydown', onKeyDown))
  })

  const selectedKey = createMemo(() => {
    const i = selected()
    return i && design().modules[i] ? i : undefined
  })

  const gridItems = () => design().layouts[breakpoint()]

  return (
    <section class="page designer" aria-labelledby="designer-title">
      <header class="page-header designer-header">
        <div>
          <h1 id="designer-title" class="page-title">
            Design {page().name}
          </h1>
          <p class="page-lead">
            {page().route} · {page().is_published ? 'Published' : 'Not published'}
            {dirty() ? ' · Unsaved changes' : ''}
          </p>
        </div>
        {/* One primary action (Save); Publish beside it as the one secondary; the rest quiet. All in the Tab
            order, in the order a person uses them. */}
        <div class="designer-actions" role="toolbar" aria-label="Page actions">
          <div class="designer-actions-group">
            <button
              type="button"
              class="button button-quiet button-small"
              onClick={doUndo}
              disabled={!canUndo(history())}
            >
              Undo
            </button>
            <button
              type="button"
              class="button button-quiet button-small"
              onClick={doRedo}
              disabled={!canRedo(history())}
            >
              Redo
            </button>
          </div>
          <div class="designer-actions-group">
            <button type="button" class="button button-quiet button-small" onClick={preview}>
              Preview
            </button>
            <button
              type="button"
              class="button button-quiet button-small"
              onClick={() => void backUp()}
              disabled={busy()}
            >
              Back up
            </button>
            <button
              type="button"
              class="button button-quiet button-small"
              aria-haspopup="dialog"
              onClick={() => setShowBackups(true)}
            >
              Backups
            </button>
          </div>
          <div class="designer-actions-group designer-actions-main">
            <button type="button" class="button" onClick={() => void togglePublish()} disabled={busy()}>
              {page().is_published ? 'Unpublish' : 'Publish'}
            </button>
            <button
              type="button"
              class="button button-primary"
              onClick={() => void save()}
              disabled={busy() || !dirty()}
            >
              Save
            </button>
          </div>
        </div>
        <p class="field-hint">
          {page().backup_date
            ? `Last backup: ${new Date(page().backup_date!).toLocaleString()}`
            : 'No backup yet'}
        </p>
      </header>
      <FormAlert message={error()} />
      <p class="visually-hidden" role="status" aria-live="polite" data-testid="designer-announcer">
        {announcement()}
      </p>
      <div class="designer-body">
        <DesignerPalette modules={props.modules} columns={columns()} onAdd={(module) => addModule(module)} />
        <section class="designer-canvas" aria-labelledby="designer-grid-title">
          <div class="designer-canvas-head">
            <h2 id="designer-grid-title" class="designer-panel-title">
              {LAYOUT_NAMES[breakpoint()]} layout, {columns()} columns
            </h2>
            <div class="designer-layouts" role="group" aria-label="Layout">
              <For each={Object.keys(BREAKPOINTS) as Breakpoint[]}>
                {(bp) => (
                  <button
                    type="button"
                    class="button button-small"
                    aria-pressed={breakpoint() === bp}
                    onClick={() => {
                      setBreakpoint(bp)
                      announce(`${LAYOUT_NAMES[bp]} layout, ${BREAKPOINTS[bp]} columns`)
                    }}
                  >
                    {LAYOUT_NAMES[bp]}
                  </button>
                )}
              </For>
            </div>
          </div>
          <p id="designer-keys" class="field-hint">
            Select a module, then use the arrow keys to move it, Shift with the arrow keys to resize it,
            Delete to remove it.
          </p>
          <Show when={gridItems().length === 0}>
            <p class="panel">No modules yet: add one from the list, or drag it here.</p>
          </Show>
          <div class={`designer-grid-frame designer-grid-${breakpoint()}`}>
            <Show when={breakpoint()} keyed>
              {(bp) => (
                <DesignerGrid
                  columns={BREAKPOINTS[bp]}
                  items={design().layouts[bp]}
                  module={gridModule}
                  selected={selected}
                  onSelect={setSelected}
                  onRemove={removeModule}
                  onKey={onModuleKey}
                  onChange={onGridChange}
                  onSettle={onGridSettle}
                  onDrop={onDrop}
                />
              )}
            </Show>
          </div>
        </section>
        <aside class="designer-side" aria-label="Module settings">
          <Show
            when={selectedKey()}
            keyed
            fallback={<p class="field-hint">Select a module on the grid to change its settings.</p>}
          >
            {(i) => (
              <ConfigPanel
                moduleLabel={labelOf(i)}
                fields={paletteFor(i)?.configFields ?? NO_FIELDS}
                config={design().modules[i]?.config ?? NO_FIELDS}
                onApply={(config) => {
                  const now = design()
                  const module = now.modules[i]
                  if (!module) return
                  commit(
                    { ...now, modules: { ...now.modules, [i]: { ...module, config } } },
                    `${labelOf(i)} settings applied`,
                  )
                }}
              />
            )}
          </Show>
        </aside>
      </div>
      <Show when={showBackups()}>
        <BackupsDialog
          pageId={page().id}
          pageName={page().name}
          onRestore={restoreBackup}
          onClose={() => setShowBackups(false)}
        />
      </Show>
      <Show when={blocker().status === 'blocked'}>
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave"
          destructive
          onConfirm={async () => blocker().proceed?.()}
          onCancel={() => blocker().reset?.()}
        >
          <p>This page has changes that are not saved. Leaving now discards them.</p>
        </ConfirmDialog>
      </Show>
    </section>
  )
}

function sizeText(place: Placement): string {
  return `${place.w} ${place.w === 1 ? 'column' : 'columns'} by ${place.h} ${place.h === 1 ? 'row' : 'rows'}`
}
