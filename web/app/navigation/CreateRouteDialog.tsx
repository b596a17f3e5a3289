import { createSignal } from 'solid-js'
import { createSubmission } from '../ui/createSubmission'
import { FormDialog } from '../ui/FormDialog'
import { createRoute } from './navigationApi'
import { RouteFields } from './RouteFields'

/** "New route": a name and a path (`POST /api/v1/navigation-routes`); the API's refusal shows in the dialog. */
export function CreateRouteDialog(props: {
  onClose: () => void
  onCreated: (name: string) => Promise<void>
}) {
  const [name, setName] = createSignal('')
  const [path, setPath] = createSignal('')

  const submission = createSubmission(async () => {
    const created = await createRoute(name().trim(), path().trim())
    await props.onCreated(created.name)
  })

  return (
    <FormDialog
      title="New route"
      submitLabel="Create route"
      submission={submission}
      onCancel={() => props.onClose()}
      class="dialog-narrow"
      // Both fields are required and the API checks the path; the browser says which is empty first.
      browserChecks
    >
      <RouteFields name={name()} onName={setName} path={path()} onPath={setPath} />
    </FormDialog>
  )
}
