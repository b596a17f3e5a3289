import { createSignal, For, Show } from 'solid-js'
import { navigationPath } from '../../core/api/platform/navigation/navigationRouteSchemas'
import { CheckboxField } from '../ui/CheckboxField'
import { createSubmission } from '../ui/createSubmission'
import { FormDialog } from '../ui/FormDialog'
import { SelectField } from '../ui/SelectField'
import { sameId } from './navigationModel'
import { updateRoute, type NavigationTreeNode, type PublishedPage, type RouteEdit } from './navigationApi'
import { RouteFields } from './RouteFields'

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
  const own = !props.node.is_system_route
  const [name, setName] = createSignal(props.node.name)
  const [path, setPath] = createSignal(props.node.route)
  const [visible, setVisible] = createSignal(props.node.is_visible)
  const stored = props.node.default_page_id ?? ''
  const storedPage = props.pages.find((page) => sameId(page.id, stored))
  const [defaultPage, setDefaultPage] = createSignal(storedPage?.id ?? stored)
  const [pathError, setPathError] = createSignal<string>()
  let pathInput: HTMLInputElement | undefined

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

  // The path's problem is the field's own message, not the form's alert: nothing else to say, so nothing
  // for the check to return once it has marked and focused the field.
  const pathInvalid = () => {
    const invalid = own ? checkPath(path()) : undefined
    setPathError(invalid)
    if (invalid) pathInput?.focus()
    return invalid !== undefined
  }

  const submission = createSubmission(async () => {
    if (pathInvalid()) return
    const edit = changes()
    if (Object.keys(edit).length === 0) return props.onClose()
    const saved = await updateRoute(props.node.id, edit)
    await props.onSaved(saved.name)
  })

  return (
    <FormDialog
      title={<>Edit {props.node.name}</>}
      submitLabel="Save route"
      submission={submission}
      onCancel={() => props.onClose()}
      class="dialog-narrow"
    >
      <Show when={own} fallback={<p class="field-hint">A system route keeps its name and path.</p>}>
        <RouteFields
          name={name()}
          onName={setName}
          path={path()}
          onPath={(value) => {
            setPath(value)
            if (pathError()) setPathError(checkPath(value))
          }}
          pathError={pathError()}
          onPathBlur={(value) => setPathError(checkPath(value))}
          pathRef={(input) => (pathInput = input)}
        />
      </Show>
      <CheckboxField
        label="Show in the navigation"
        checked={visible()}
        onChange={(event) => setVisible(event.currentTarget.checked)}
      />
      <Show when={props.node.can_change_default}>
        <SelectField
          label="Default page"
          hint="The published page the route opens when clicked."
          value={defaultPage()}
          onChange={(event) => setDefaultPage(event.currentTarget.value)}
        >
          <option value="">None</option>
          <Show when={stored && !storedPage}>
            <option value={stored}>A page that is not published</option>
          </Show>
          <For each={props.pages}>{(page) => <option value={page.id}>{page.name}</option>}</For>
        </SelectField>
      </Show>
    </FormDialog>
  )
}
