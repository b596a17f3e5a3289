import { createSignal, createUniqueId } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { Dialog } from '../components/Dialog'
import { FormActions } from '../components/FormActions'
import { createRoute } from './navigationApi'

/** "New route": a name and a path (`POST /api/v1/navigation-routes`); the API's refusal shows in the dialog. */
export function CreateRouteDialog(props: {
  onClose: () => void
  onCreated: (name: string) => Promise<void>
}) {
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
