import { Link, useRouter } from '@tanstack/solid-router'
import {
  createEffect,
  createMemo,
  createResource,
  createSignal,
  createUniqueId,
  For,
  lazy,
  onCleanup,
  Show,
} from 'solid-js'
import { createStore, reconcile } from 'solid-js/store'
import { errorDetail } from '../api/ApiRequestError'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { dismissToast, showToast } from '../toasts/toastStore'
import { CreateRouteDialog } from './CreateRouteDialog'
import {
  batchUpdateRoutes,
  deleteRoute,
  getNavigationTree,
  listPublishedPages,
  setRouteExpanded,
  type NavigationTreeNode,
} from './navigationApi'
import { DRAG_TYPE, NavigationEditItem, type DropTarget } from './NavigationEditItem'
import { buildEntries, buildSidebar, MORE_SCREENS, type NavEntry, type Sidebar } from './navigationModel'
import { NavigationTreeItem } from './NavigationTreeItem'
import {
  describeDrop,
  findPlace,
  planDrop,
  planMove,
  type MoveAction,
  type PlannedPlacement,
} from './planPlacement'
import { foldedPages, setPagesFolded } from './foldedPages'
import './navigation.css'

// The edit dialog checks a path with the API's own zod schema; loaded when first opened, it keeps zod out
// of the app shell.
const RouteEditDialog = lazy(() => import('./RouteEditDialog'))

/**
 * The app's one navigation (issue 30), the `navigation` landmark "Main" in the sidebar: Quire's screens, with
 * the API's seeded routes mapped onto them (see navigationModel.ts, `buildSidebar`), then the person's routes
 * and published pages (`GET /api/v1/navigation-routes/tree`, `GET /api/v1/pages?published_only=true`),
 * top-level pages included, then a "More" group of the screens most people seldom need. A route folds as its
 * `is_expanded` says and saves the change. "Edit navigation" lists every route (hidden ones marked) with
 * buttons to move it (up, down, indent, outdent), edit it and delete it, and takes drags before, after and
 * onto a route. Each rearrangement is ONE `POST .../batch-update` with every route whose place changes,
 * offered for Undo in a toast and announced in a live region. At phone width AppFrame shows it in a drawer.
 *
 * It reads the tree again whenever the router finishes a load: after each navigation, and after
 * `router.invalidate()`, which is how the app says "data changed" (the Pages screen and the designer after a
 * publish, rename, move or delete; `main.tsx` when sync applied changes from another device). No polling.
 */
export function NavigationPanel() {
  const router = useRouter()
  const panelId = createUniqueId()
  const [data, { refetch }] = createResource(async () => {
    const [tree, pages] = await Promise.all([getNavigationTree(), listPublishedPages()])
    return { tree, pages }
  })
  const [editing, setEditing] = createSignal(false)
  const [announcement, setAnnouncement] = createSignal('')
  const [creating, setCreating] = createSignal(false)
  const [editingRoute, setEditingRoute] = createSignal<NavigationTreeNode>()
  const [deleting, setDeleting] = createSignal<NavigationTreeNode>()
  const [dragged, setDragged] = createSignal<string>()
  const [dropTarget, setDropTarget] = createSignal<DropTarget>()
  const [overTop, setOverTop] = createSignal(false)
  let undoToast: number | undefined
  let panel!: HTMLDivElement

  const stop = router.subscribe('onResolved', (event) => {
    // The app's first load (no location before it) is what the resource's own first read answers:
    // reading again then only doubled the start-up's requests.
    if (event.fromLocation !== undefined) void refetch()
  })
  onCleanup(stop)

  const tree = () => data.latest?.tree ?? []
  const pages = () => data.latest?.pages ?? []
  // The sidebar is read again after every navigation, fold and synced change: reconciled by id, each entry
  // that is still there keeps its object, so <For> keeps its link and fold button. Built afresh, every link
  // was replaced each time: focus on one fell to the page, and a click landing as sync announced a change
  // went nowhere (the link pressed was gone before the button was released).
  const build = () => buildSidebar(tree(), pages(), { folded: foldedPages() })
  const [sidebar, setSidebar] = createStore<Sidebar>(build())
  createEffect(() => setSidebar(reconcile(build(), { key: 'id' })))
  const editEntries = createMemo(() => buildEntries(tree(), [], { all: true }))
  const nodeOf = (id: string) => {
    const place = findPlace(tree(), id)
    return place ? place.siblings[place.index] : undefined
  }

  const fail = (error: unknown) => setAnnouncement(`Navigation not saved: ${errorDetail(error)}`)

  const toggle = async (entry: NavEntry) => {
    if (entry.kind === 'page') {
      setPagesFolded([entry.id], entry.expanded)
      return
    }
    try {
      await setRouteExpanded(entry.id, !entry.expanded)
      await refetch()
    } catch (error) {
      fail(error)
    }
  }

  /** Only the last rearrangement can be undone: a new one withdraws the previous offer. */
  const offerUndo = (plan: PlannedPlacement) => {
    if (undoToast !== undefined) dismissToast(undoToast)
    undoToast = showToast({
      message: plan.announcement,
      durationMs: 10_000,
      action: {
        label: 'Undo',
        run: async () => {
          undoToast = undefined
          await batchUpdateRoutes(plan.undo)
          await refetch()
          setAnnouncement(`Undone: ${plan.announcement}`)
        },
      },
    })
  }

  const applyPlacement = async (id: string, plan: PlannedPlacement | null, focusKey?: string) => {
    if (!plan) return
    try {
      await batchUpdateRoutes(plan.changes)
      await refetch()
      setAnnouncement(plan.announcement)
      offerUndo(plan)
      if (focusKey) {
        // Focus stays on the moved route's buttons, so a keyboard user can keep moving it.
        const row = panel.querySelector<HTMLElement>(`[data-route-row="${id}"]`)
        const again = row?.querySelector<HTMLButtonElement>(`[data-action="${focusKey}"]:not([disabled])`)
        const first = row?.querySelector<HTMLButtonElement>('button:not([disabled])')
        ;(again ?? first)?.focus()
      }
    } catch (error) {
      fail(error)
    }
  }

  const move = (id: string, action: MoveAction) =>
    void applyPlacement(id, planMove(tree(), id, action), action)

  const endDrag = () => {
    setDragged(undefined)
    setDropTarget(undefined)
    setOverTop(false)
  }

  /** Over a route: shows the target when a drop there would change something. */
  const dragOver = (target: DropTarget): boolean => {
    const id = dragged()
    const possible = id !== undefined && planDrop(tree(), id, target.id, target.position) !== null
    setOverTop(false)
    setDropTarget(possible ? target : undefined)
    return possible
  }

  const drop = (event: DragEvent, target: DropTarget | null) => {
    event.preventDefault()
    event.stopPropagation()
    const id = event.dataTransfer?.getData(DRAG_TYPE) || dragged()
    endDrag()
    if (!id) return
    const plan = target ? planDrop(tree(), id, target.id, target.position) : planDrop(tree(), id, null)
    void applyPlacement(id, plan)
  }

  const dragHint = () => {
    const id = dragged()
    if (id === undefined) return undefined
    const name = nodeOf(id)?.name ?? ''
    const target = dropTarget()
    if (target) return describeDrop(name, nodeOf(target.id)?.name ?? '', target.position)
    if (overTop()) return describeDrop(name, null, 'inside')
    return `Drag ${name} before, after or onto another route`
  }

  const item = (entry: NavEntry) => <NavigationTreeItem entry={entry} onToggle={(e) => void toggle(e)} />

  return (
    <nav class="nav-main" aria-label="Main">
      <div ref={panel} id={panelId} class="nav-routes-panel">
        <Show when={data.error && !data.latest}>
          <p class="nav-routes-error">The navigation routes could not be loaded.</p>
        </Show>
        <Show
          when={editing()}
          fallback={
            <>
              <ul class="nav-tree nav-screens">
                <For each={sidebar.screens}>{item}</For>
              </ul>
              <Show when={sidebar.yours.length > 0}>
                <span class="nav-group-label" id={`${panelId}-yours`}>
                  Your pages
                </span>
                <ul class="nav-tree" aria-labelledby={`${panelId}-yours`}>
                  <For each={sidebar.yours}>{item}</For>
                </ul>
              </Show>
            </>
          }
        >
          <p class="nav-routes-hint" id={`${panelId}-hint`}>
            Move routes with the buttons, or drag one before, after or onto another.
          </p>
          <ul class="nav-tree nav-tree-edit" aria-describedby={`${panelId}-hint`}>
            <For each={editEntries()}>
              {(entry) => (
                <NavigationEditItem
                  entry={entry}
                  tree={tree()}
                  nodeOf={nodeOf}
                  dropTarget={dropTarget()}
                  onMove={move}
                  onEdit={(node) => setEditingRoute(node)}
                  onDelete={(node) => setDeleting(node)}
                  onDragStart={setDragged}
                  onDragEnd={endDrag}
                  onDragOver={dragOver}
                  onDragLeave={(id) => {
                    if (dropTarget()?.id === id) setDropTarget(undefined)
                  }}
                  onDrop={drop}
                />
              )}
            </For>
          </ul>
          {/* Below the routes, so that its text changing does not move the rows being dragged over. */}
          <Show when={dragHint()}>{(hint) => <p class="nav-routes-hint nav-drag-hint">{hint()}</p>}</Show>
          <div
            class="nav-drop-top"
            classList={{ active: dragged() !== undefined, 'drop-inside': overTop() }}
            onDragOver={(event) => {
              const id = dragged()
              setDropTarget(undefined)
              const possible = id !== undefined && planDrop(tree(), id, null) !== null
              setOverTop(possible)
              if (possible) event.preventDefault()
            }}
            onDragLeave={() => setOverTop(false)}
            onDrop={(event) => drop(event, null)}
          >
            Drop here for the top level
          </div>
          <button type="button" class="button button-small" onClick={() => setCreating(true)}>
            New route
          </button>
        </Show>
        <button
          type="button"
          class="button button-quiet button-small nav-routes-edit"
          aria-pressed={editing()}
          onClick={() => setEditing(!editing())}
        >
          Edit navigation
        </button>
      </div>
      {/* Screens most people seldom need: at the bottom, apart, so the working ones stand out. */}
      <div class="nav-more">
        <span class="nav-group-label" id={`${panelId}-more`}>
          More
        </span>
        <ul class="nav-tree" aria-labelledby={`${panelId}-more`}>
          <For each={MORE_SCREENS}>
            {(screen) => (
              <li class="nav-tree-item">
                <div class="nav-tree-row">
                  <Link to={screen.href as '/account'} class="nav-tree-link">
                    {screen.name}
                  </Link>
                </div>
              </li>
            )}
          </For>
        </ul>
      </div>
      <p class="visually-hidden" role="status">
        {announcement()}
      </p>
      <Show when={creating()}>
        <CreateRouteDialog
          onClose={() => setCreating(false)}
          onCreated={async (name) => {
            setCreating(false)
            await refetch()
            setAnnouncement(`Created route ${name}`)
          }}
        />
      </Show>
      <Show when={editingRoute()}>
        {(node) => (
          <RouteEditDialog
            node={node()}
            pages={pages()}
            onClose={() => setEditingRoute(undefined)}
            onSaved={async (name) => {
              setEditingRoute(undefined)
              await refetch()
              setAnnouncement(`Saved route ${name}`)
            }}
          />
        )}
      </Show>
      <Show when={deleting()}>
        {(node) => (
          <ConfirmDialog
            title={`Delete the route “${node().name}”?`}
            confirmLabel="Delete"
            destructive
            onCancel={() => setDeleting(undefined)}
            fallbackFocus={() => panel.querySelector<HTMLElement>('.nav-routes-edit')}
            onConfirm={async () => {
              await deleteRoute(node().id)
              const name = node().name
              setDeleting(undefined)
              await refetch()
              setAnnouncement(`Deleted route ${name}`)
            }}
          >
            <p>It leaves the navigation. Pages under it are not deleted.</p>
          </ConfirmDialog>
        )}
      </Show>
    </nav>
  )
}
