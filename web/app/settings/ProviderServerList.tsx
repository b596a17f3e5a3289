import { createSignal, createUniqueId, For, Show } from 'solid-js'
import {
  getProviderValue,
  listServerModels,
  saveProviderValue,
  type ProviderValue,
  type ServerEntry,
  type ServerProvider,
} from '../api/aiApi'
import { errorDetail } from '../api/ApiRequestError'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { showToast } from '../toasts/toastStore'
import { providerLabel } from './modelChoices'
import { createLoad } from './createLoad'
import { allowModelListing } from './modelListing'
import { ServerDialog } from './ServerDialog'
import { hasKey, serverEntry, withoutServer, withServer } from './serverEdits'
import { plural } from '../plural'

export interface ProviderServerListProps {
  provider: Extract<ServerProvider, 'ollama' | 'openai'>
  /** Whether servers of this provider take an API key. */
  withKey: boolean
  defaultAddress: string
  addressHint: string
  /** Called after a save, so the model picker lists the servers' models again. */
  onChanged: () => void
}

type Outcome = { ok: boolean; text: string }
type Editing = { entry?: ServerEntry } | null

/**
 * A provider's servers (Ollama's list, OpenAI-compatible servers): add, edit and remove them, and test
 * each one's connection for real (the host asks it for its models with the saved key), with the reason
 * when it fails. Saved as the provider's setting, where the document chat and `/api/v1/ai/*` read it.
 */
export function ProviderServerList(props: ProviderServerListProps) {
  const headingId = createUniqueId()
  const label = () => providerLabel(props.provider)
  const load = createLoad(() => getProviderValue(props.provider))
  const value = load.data
  const [editing, setEditing] = createSignal<Editing>(null)
  const [removing, setRemoving] = createSignal<ServerEntry | null>(null)
  const [tested, setTested] = createSignal<Record<string, Outcome | 'testing'>>({})
  let addButton: HTMLButtonElement | undefined

  const servers = () => value()?.servers ?? []
  const save = async (next: ProviderValue, message: string) => {
    load.set(await saveProviderValue(props.provider, next))
    setTested({})
    showToast({ message })
    props.onChanged()
  }

  const test = async (server: ServerEntry) => {
    // Testing a server is using it: the model picker may list its models from now on.
    allowModelListing()
    setTested((all) => ({ ...all, [server.id]: 'testing' }))
    let outcome: Outcome
    try {
      const models = await listServerModels(props.provider, server.id)
      const shown = models.slice(0, 5).join(', ')
      outcome = {
        ok: true,
        text: `Connected: ${plural(models.length, 'model')}${shown ? ` (${shown}${models.length > 5 ? ', …' : ''})` : ''}`,
      }
    } catch (caught) {
      outcome = { ok: false, text: `Failed: ${errorDetail(caught)}` }
    }
    setTested((all) => ({ ...all, [server.id]: outcome }))
  }

  return (
    <section class="provider-servers" aria-labelledby={headingId}>
      <h3 id={headingId} class="provider-servers-title">
        {label()} servers
      </h3>
      <Show when={load.error()}>
        <p class="field-error" role="alert">
          The servers could not be read: {errorDetail(load.error())}{' '}
          <button type="button" class="button button-small" onClick={() => void load.reload()}>
            Try again
          </button>
        </p>
      </Show>
      <Show when={!load.loading() && !load.error() && servers().length === 0}>
        <p class="field-hint">No {label()} server yet.</p>
      </Show>
      <ul class="server-list">
        <For each={servers()}>
          {(server) => {
            const result = () => tested()[server.id]
            return (
              <li class="server-item">
                <div class="server-summary">
                  <span class="server-name">{server.serverName}</span>
                  <span class="server-address">{server.serverAddress}</span>
                  <Show when={props.withKey}>
                    <span class="server-key">Key: {hasKey(server) ? 'set' : 'not set'}</span>
                  </Show>
                </div>
                <div class="server-actions">
                  <button
                    type="button"
                    class="button button-small"
                    aria-label={`Test connection to ${server.serverName}`}
                    aria-disabled={result() === 'testing' ? true : undefined}
                    onClick={() => result() !== 'testing' && void test(server)}
                  >
                    {result() === 'testing' ? 'Testing…' : 'Test connection'}
                  </button>
                  <button
                    type="button"
                    class="button button-small"
                    aria-label={`Edit ${server.serverName}`}
                    onClick={() => setEditing({ entry: server })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    class="button button-small button-danger-quiet"
                    aria-label={`Remove ${server.serverName}`}
                    onClick={() => setRemoving(server)}
                  >
                    Remove
                  </button>
                </div>
                <p class="server-test" role="status">
                  <Show when={result() !== 'testing' ? (result() as Outcome | undefined) : undefined}>
                    {(outcome) => (
                      <span class={outcome().ok ? 'server-ok' : 'field-error'}>{outcome().text}</span>
                    )}
                  </Show>
                </p>
              </li>
            )
          }}
        </For>
      </ul>
      <button type="button" ref={addButton} class="button" onClick={() => setEditing({})}>
        Add {label()} server
      </button>
      <Show when={editing()}>
        {(open) => (
          <ServerDialog
            title={open().entry ? `Edit ${open().entry!.serverName}` : `Add ${label()} server`}
            submitLabel={open().entry ? 'Save server' : 'Add server'}
            initial={open().entry ?? { serverName: '', serverAddress: props.defaultAddress }}
            withKey={props.withKey}
            keySet={open().entry ? hasKey(open().entry!) : false}
            addressHint={props.addressHint}
            onCancel={() => setEditing(null)}
            onSave={async (draft) => {
              const previous = open().entry
              const entry = serverEntry(previous?.id ?? crypto.randomUUID(), draft, previous)
              await save(withServer(value() ?? {}, entry), previous ? 'Server saved' : 'Server added')
              setEditing(null)
            }}
          />
        )}
      </Show>
      <Show when={removing()}>
        {(server) => (
          <ConfirmDialog
            title={`Remove ${server().serverName}?`}
            confirmLabel="Remove"
            destructive
            fallbackFocus={() => addButton}
            onCancel={() => setRemoving(null)}
            onConfirm={async () => {
              await save(withoutServer(value() ?? {}, server().id), 'Server removed')
              setRemoving(null)
            }}
          >
            Its address{props.withKey ? ' and key' : ''} are forgotten. A model on it that answers your
            documents stops answering until you choose another.
          </ConfirmDialog>
        )}
      </Show>
    </section>
  )
}
