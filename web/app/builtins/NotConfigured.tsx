import { Link } from '@tanstack/solid-router'
import { createResource, createSignal, createUniqueId, For, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { listCollections } from '../api/collectionsApi'
import { SelectField } from '../ui/SelectField'

/**
 * A built-in module with no collection to work on yet: not an error but a choice, offered in the module
 * itself. The chosen collection is saved to the module's settings (`onChoose`), as the designer would;
 * a Collections module on the page can still choose one for it until then.
 */
export function NotConfigured(props: { module: string; onChoose: (collectionId: string) => Promise<void> }) {
  const id = createUniqueId()
  const [collections] = createResource(() => listCollections())
  const [chosen, setChosen] = createSignal('')
  const [busy, setBusy] = createSignal(false)
  const [failure, setFailure] = createSignal<string>()
  const list = () => (collections.error ? [] : (collections.latest ?? []))
  const value = () => chosen() || list()[0]?.id || ''

  const submit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (busy() || !value()) return
    setBusy(true)
    setFailure(undefined)
    try {
      await props.onChoose(value())
    } catch (error) {
      setFailure(errorDetail(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      class="panel builtin-not-configured"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => void submit(event)}
    >
      <h3 id={`${id}-title`} class="panel-title">
        Choose a collection
      </h3>
      {/* A hint, not an error: `panel-detail` is the error panels' red. */}
      <p id={`${id}-hint`} class="field-hint">
        This {props.module} module works on one collection. Choose it here (it is saved in the module’s
        settings), or choose one in a Collections module on this page.
      </p>
      <Show
        when={!collections.loading || collections.latest}
        fallback={<p class="field-hint">Loading your collections…</p>}
      >
        <Show
          when={list().length > 0}
          fallback={
            <p class="field-hint">
              {collections.error
                ? `Your collections could not be read: ${errorDetail(collections.error)}`
                : 'You have no collections yet. '}
              <Link to="/collections">Add a collection</Link>
            </p>
          }
        >
          <div class="builtin-choose-row">
            <SelectField
              id={`${id}-select`}
              label={<>Collection for this {props.module} module</>}
              describedBy={`${id}-hint`}
              value={value()}
              onChange={(event) => setChosen(event.currentTarget.value)}
            >
              <For each={list()}>
                {(collection) => <option value={collection.id}>{collection.name}</option>}
              </For>
            </SelectField>
            <button type="submit" class="button button-primary" aria-disabled={busy()}>
              {busy() ? 'Saving…' : 'Use this collection'}
            </button>
          </div>
        </Show>
      </Show>
      <Show when={failure()}>
        <p class="field-error" role="alert">
          The collection could not be saved: {failure()}
        </p>
      </Show>
    </form>
  )
}

/** A built-in module whose collection was deleted: say so plainly, and where to choose another. */
export function MissingCollection(props: { module: string }) {
  return (
    <div class="panel builtin-missing" role="alert">
      <p class="panel-title">This {props.module} module’s collection no longer exists</p>
      <p class="panel-detail">
        It was deleted. Choose another collection for this module in the page’s designer.
      </p>
    </div>
  )
}
