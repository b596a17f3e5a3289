import { Link, useRouter } from '@tanstack/solid-router'
import { createMemo, createResource, createSignal, createUniqueId, For, onCleanup, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { ConfirmDialog } from '../components/ConfirmDialog'
import { Dialog } from '../components/Dialog'
import {
  createRoute,
  deleteRoute,
  getNavigationTree,
  listPublishedPages,
  moveRoute,
  setRouteExpanded,
  type NavigationTreeNode,
} from './navigationApi'
import {
  buildEntries,
  findPlace,
  planDrop,
  planMove,
  type MoveAction,
  type NavEntry,
  type PlannedMove,
} from './navigationModel'
import './navigation.css'
import { FormActions } from '../components/FormActions'

const DRAG_TYPE = 'application/x-quire-navigation-route'

/**
 * The person's navigation routes, beside the fixed "Main" links: `GET /api/v1/navigation-routes/tree` with the
 * published pages under their routes (see navigationModel.ts for how the seeded system routes map to Quire's
 * screens). A route folds as its `is_expanded` says and saves the change. "Edit navigation" lists every route
 * with buttons to move it (up, down, indent, outdent: `PUT .../{id}/move`), a drop target for drag and drop,
 * and a live region announcing each move; there routes are created and the person's own deleted. At phone
 * width the panel folds behind a "Routes" menu button.
 */
export function NavigationPanel() {
  const router = useRouter()
  const panelId = createUniqueId()
  const [data, { refetch }] = createResource(async () => {
    const [tree, pages] = await Promise.all([getNavigationTree(), listPublishedPages()])
    return { tree, pages }
  })
  const [menuOpen, setMenuOpen] = createSignal(false)
  const [editing, setEditing] = createSignal(false)
  const [announcement, setAnnouncement] = createSignal('')
  const [creating, setCreating] = createSignal(false)
  const [deleting, setDeleting] = createSignal<NavigationTreeNode>()
  const [dragged, setDragged] = createSignal<string>()
  let panel!: HTMLDivElement

  // A page published or a route changed elsewhere shows after the next in-app navigation.
  const stop = router.subscribe('onResolved', (event) => {
    if (event.pathChanged) void refetch()
    setMenuOpen(false)
  })
  onCleanup(stop)

  const tree = () => data.latest?.tree ?? []
  const entries = createMemo(() => buildEntries(tree(), data.latest?.pages ?? []))
  const editEntries = createMemo(() => buildEntries(tree(), [], true))

  const fail = (error: unknown) => setAnnouncement(`Navigation not saved: ${errorDetail(error)}`)

  const toggle = async (entry: NavEntry) => {
    try {
      await setRouteExpanded(entry.id, !entry.expanded)
      await refetch()
    } catch (error) {
      fail(error)
    }
  }

  const applyMove = async (id: string, move: PlannedMove | null, focusKey?: string) => {
    if (!move) return
    try {
      await moveRoute(id, move.parentId, move.displayOrder)
      await refetch()
      setAnnouncement(move.announcement)
      if (focusKey) {
        const row = panel.querySelector<HTMLElement>(`[data-route-row="${id}"]`)
        const again = row?.querySelector<HTMLButtonElement>(`[data-action="${focusKey}"]:not([disabled])`)
        const first = row?.querySelector<HTMLButtonElement>('button:not([disabled])')
        ;(again ?? first)?.focus()
      }
    } catch (error) {
      fail(error)
    }
  }

  const move = (id: string, action: MoveAction) => void applyMove(id, planMove(tree(), id, action), action)

  const drop = (event: DragEvent, targetId: string | null) => {
    event.preventDefault()
    event.stopPropagation()
    const id = event.dataTransfer?.getData(DRAG_TYPE) || dragged()
    setDragged(undefined)
    if (id) void applyMove(id, planDrop(tree(), id, targetId))
  }

  const nodeOf = (id: string) => {
    const place = findPlace(tree(), id)
    return place ? place.siblings[place.index] : undefined
  }

  return (
    <nav class="nav-routes" aria-label="Routes">
      <button
        type="button"
        class="button button-quiet nav-routes-menu"
        aria-expanded={menuOpen()}
        aria-controls={panelId}
        onClick={() => setMenuOpen(!menuOpen())}
      >
        Routes
      </button>
      <div ref={panel} id={panelId} class="nav-routes-panel" classList={{ open: menuOpen() }}>
        <Show when={data.error && !data.latest}>
          <p class="nav-routes-error">The navigation routes could not be loaded.</p>
        </Show>
        <Show
          when={editing()}
          fallback={
            <ul class="nav-tree">
              <For each={entries()}>
                {(entry) => <TreeItem entry={entry} onToggle={(e) => void toggle(e)} />}
              </For>
            </ul>
          }
        >
          <p class="nav-routes-hint" id={`${panelId}-hint`}>
            Move routes with the buttons, or drag one onto another to put it under it.
          </p>
          <ul class="nav-tree nav-tree-edit" aria-describedby={`${panelId}-hint`}>
            <For each={editEntries()}>
              {(entry) => (
                <EditItem
                  entry={entry}
                  tree={tree()}
                  nodeOf={nodeOf}
                  onMove={move}
                  onDelete={(node) => setDeleting(node)}
                  onDragStart={setDragged}
                  onDrop={drop}
                />
              )}
            </For>
          </ul>
          <div
            class="nav-drop-top"
            classList={{ active: dragged() !== undefined }}
            onDragOver={(event) => event.preventDefault()}
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

/** A link in the app: a page at /p/<route> or one of Quire's screens. */
function EntryLink(props: { href: string; name: string }) {
  return (
    <Show
      when={props.href.startsWith('/p/')}
      fallback={
        <Link to={props.href as '/settings'} class="nav-tree-link">
          {props.name}
        </Link>
      }
    >
      <Link to="/p/$" params={{ _splat: props.href.slice(3) }} class="nav-tree-link">
        {props.name}
      </Link>
    </Show>
  )
}

function TreeItem(props: { entry: NavEntry; onToggle: (entry: NavEntry) => void }) {
  const showChildren = () => props.entry.children.length > 0 && props.entry.expanded
  return (
    <li class="nav-tree-item" classList={{ 'nav-tree-page': props.entry.kind === 'page' }}>
      <div class="nav-tree-row">
        <Show when={props.entry.collapsible} fallback={<span class="nav-tree-spacer" aria-hidden="true" />}>
          <button
            type="button"
            class="nav-tree-toggle"
            aria-expanded={props.entry.expanded}
            aria-label={`Items under ${props.entry.name}`}
            onClick={() => props.onToggle(props.entry)}
          >
            <span class="nav-tree-chevron" aria-hidden="true" />
          </button>
        </Show>
        <Show when={props.entry.href} fallback={<span class="nav-tree-label">{props.entry.name}</span>}>
          {(href) => <EntryLink href={href()} name={props.entry.name} />}
        </Show>
      </div>
      <Show when={showChildren()}>
        <ul class="nav-tree">
          <For each={props.entry.children}>
            {(child) => <TreeItem entry={child} onToggle={props.onToggle} />}
          </For>
        </ul>
      </Show>
    </li>
  )
}

interface EditItemProps {
  entry: NavEntry
  tree: readonly NavigationTreeNode[]
  nodeOf: (id: string) => NavigationTreeNode | undefined
  onMove: (id: string, action: MoveAction) => void
  onDelete: (node: NavigationTreeNode) => void
  onDragStart: (id: string) => void
  onDrop: (event: DragEvent, targetId: string | null) => void
}

const MOVES: ReadonlyArray<[MoveAction, (name: string) => string, string]> = [
  ['up', (name) => `Move ${name} up`, '↑'],
  ['down', (name) => `Move ${name} down`, '↓'],
  ['outdent', (name) => `Outdent ${name}`, '←'],
  ['indent', (name) => `Indent ${name}`, '→'],
]

function EditItem(props: EditItemProps) {
  const node = () => props.nodeOf(props.entry.id)
  const [over, setOver] = createSignal(false)
  return (
    <li class="nav-tree-item">
      <div
        class="nav-tree-row nav-tree-edit-row"
        classList={{ 'drop-over': over() }}
        data-route-row={props.entry.id}
        draggable="true"
        onDragStart={(event) => {
          event.dataTransfer?.setData(DRAG_TYPE, props.entry.id)
          if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move'
          props.onDragStart(props.entry.id)
        }}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event) => {
          setOver(false)
          props.onDrop(event, props.entry.id)
        }}
      >
        <span class="nav-tree-label">{props.entry.name}</span>
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
          <For each={props.entry.children}>{(child) => <EditItem {...props} entry={child} />}</For>
        </ul>
      </Show>
    </li>
  )
}

function CreateRouteDialog(props: { onClose: () => void; onCreated: (name: string) => Promise<void> }) {
  const titleId = createUniqueId()
  const nameId = createUniqueId()
  const pathId = createUniqueId()
  const hintId = createUniqueId()
  const [name, setName] = createSignal('')
  const [path, setPath] = createSignal('')
  const [error, setError] = createSignal<string>()
  const [pending, setPending] = createSignal(false)

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    setPending(true)
    setError(undefined)
    try {
      const created = await createRoute(name().trim(), path().trim())
      await props.onCreated(created.name)
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
    }
  }

  return (
    <Dialog labelledBy={titleId} onClose={props.onClose} class="dialog-narrow">
      <form onSubmit={(event) => void submit(event)}>
        <h2 id={titleId} class="dialog-title">
          New route
        </h2>
        <div class="field">
          <label class="field-label" for={nameId}>
            Name
          </label>
          <input
            id={nameId}
            class="input"
            required
            maxLength={200}
            value={name()}
            onInput={(event) => setName(event.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label class="field-label" for={pathId}>
            Path
          </label>
          <input
            id={pathId}
            class="input"
            required
            maxLength={500}
            aria-describedby={hintId}
            value={path()}
            onInput={(event) => setPath(event.currentTarget.value)}
          />
          <span id={hintId} class="field-hint">
            Letters, digits, “-”, “_”, “.”, “~”, segments joined by “/”: projects, projects/2026
          </span>
        </div>
        <FormActions
          error={error()}
          pending={pending()}
          submitLabel="Create route"
          onCancel={() => props.onClose()}
        />
      </form>
    </Dialog>
  )
}
