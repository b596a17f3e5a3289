import { createSignal, createUniqueId, For, Show } from 'solid-js'
import { navigationPath } from '../../core/api/platform/navigation/navigationRouteSchemas'
import { errorDetail } from '../api/ApiRequestError'
import { Dialog } from '../components/Dialog'
import { FormActions } from '../components/FormActions'
import { sameId } from './navigationModel'
import { updateRoute, type NavigationTreeNode, type PublishedPage, type RouteEdit } from './navigationApi'

export interface RouteEditDialogProps {
  node: NavigationTreeNode
  /** The published pages, to choose the route's default page from. */
  pages: readonly PublishedPage[]
  onClose: () => void
  onSaved: (name: string) => Promise<void>
}

/**
 * "Edit <route>": what the API lets a person change about a route, as BrainDrive's rules say
 * (`navigationRouteRoutes.ts`): a person's own route its name and path (the path checked as typed, with the
 * API's own schema, loaded with this dialog only); any route whether it shows (`is_visible`); and its
 * default page, the page a click on it opens, only where `can_change_default` is true. A system route keeps
 * its name and path. Only changed fields are sent.
 */
export default function RouteEditDialog(props: RouteEditDialogProps) {
  const ids = {
    title: createUniqueId(),
    name: createUniqueId(),
    path: createUniqueId(),
    pathHint: createUniqueId(),
    pathError: createUniqueId(),
    page: createUniqueId(),
  }
  const own = !props.node.is_system_route
  const [name, setName] = createSignal(props.node.name)
  const [path, setPath] = createSignal(props.node.route)
  const [visible, setVisible] = createSignal(props.node.is_visible)
  const stored = props.node.default_page_id ?? ''
  const storedPage = props.pages.find((page) => sameId(page.id, stored))
  const [defaultPage, setDefaultPage] = createSignal(storedPage?.id ?? stored)
  const [pathError, setPathError] = createSignal<string>()
  const [error, setError] = createSignal<string>()
  const [pending, setPending] = createSignal(false)

  const checkPath = (value: string): string | undefined => {
    const parsed = navigationPath.safeParse(value.trim())
    return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Not a valid path')
  }

  const changes = (): RouteEdit => {
    const edit: RouteEdit = {}
    if (own && name().trim() !== props.node.name) edit.name = name().trim()
    if (own && path().trim() !== props.node.route) edit.route = path().trim()
    if (visible() !== props.node.is_visible) edit.is_visible = visible()
    const page = defaultPage() || null
    if (props.node.can_change_default && page !== ((storedPage?.id ?? stored) || null))
      edit.default_page_id = page
    return edit
  }

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (pending()) return
    const invalid = own ? checkPath(path()) : undefined
    setPathError(invalid)
    if (invalid) {
      document.getElementById(ids.path)?.focus()
      return
    }
    const edit = changes()
    if (Object.keys(edit).length === 0) {
      props.onClose()
      return
    }
    setPending(true)
    setError(undefined)
    try {
      const saved = await updateRoute(props.node.id, edit)
      await props.onSaved(saved.name)
    } catch (caught) {
      setError(errorDetail(caught))
      setPending(false)
    }
  }

  return (
    <Dialog labelledBy={ids.title} onClose={props.onClose} class="dialog-narrow">
      <form onSubmit={(event) => void submit(event)} novalidate>
        <h2 id={ids.title} class="dialog-title">
          Edit {props.node.name}
        </h2>
        <Show when={own} fallback={<p class="field-hint">A system route keeps its name and path.</p>}>
          <div class="field">
            <label class="field-label" for={ids.name}>
              Name
            </label>
            <input
              id={ids.name}
              class="input"
              required
              maxLength={200}
              value={name()}
              onInput={(event) => setName(event.currentTarget.value)}
            />
          </div>
          <div class="field">
            <label class="field-label" for={ids.path}>
              Path
            </label>
            <input
              id={ids.path}
              class="input"
              required
              maxLength={500}
              aria-invalid={pathError() !== undefined}
              aria-describedby={pathError() ? `${ids.pathError} ${ids.pathHint}` : ids.pathHint}
              value={path()}
              onInput={(event) => {
                setPath(event.currentTarget.value)
                if (pathError()) setPathError(checkPath(event.currentTarget.value))
              }}
              onBlur={(event) => setPathError(checkPath(event.currentTarget.value))}
            />
            <Show when={pathError()}>
              <span id={ids.pathError} class="field-error">
                {pathError()}
              </span>
            </Show>
            <span id={ids.pathHint} class="field-hint">
              Letters, digits, “-”, “_”, “.”, “~”, segments joined by “/”: projects, projects/2026
            </span>
          </div>
        </Show>
        <label class="choice">
          <input
            type="checkbox"
            checked={visible()}
            onChange={(event) => setVisible(event.currentTarget.checked)}
          />
          Show in the navigation
        </label>
        <Show when={props.node.can_change_default}>
          <div class="field">
            <label class="field-label" for={ids.page}>
              Default page
            </label>
            <select
              id={ids.page}
              class="input"
              value={defaultPage()}
              onChange={(event) => setDefaultPage(event.currentTarget.value)}
            >
              <option value="">None</option>
              <Show when={stored && !storedPage}>
                <option value={stored}>A page that is not published</option>
              </Show>
              <For each={props.pages}>{(page) => <option value={page.id}>{page.name}</option>}</For>
            </select>
            <span class="field-hint">The published page the route opens when clicked.</span>
          </div>
        </Show>
        <FormActions
          error={error()}
          pending={pending()}
          submitLabel="Save route"
          onCancel={() => props.onClose()}
        />
      </form>
    </Dialog>
  )
}
