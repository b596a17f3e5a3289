import { createSignal, createUniqueId, Show } from 'solid-js'
import { getProviderValue, listServerModels, saveProviderValue } from '../api/aiApi'
import { errorDetail } from '../api/ApiRequestError'
import { showToast } from '../toasts/toastStore'
import { createLoad } from './createLoad'
import { hasKey } from './serverEdits'
import { plural } from '../plural'
import { TextField } from '../ui/TextField'

// BrainDrive's `{api_key}` setting is one server under this id (web/core/providers/providerCatalog).
const ANTHROPIC_SERVER = 'claude_default_server'

/**
 * Anthropic's API key: write-only (shown as set or not set), replaceable and clearable, with a real
 * connection test. Saved as BrainDrive's `claude_api_keys_settings` `{api_key}`.
 */
export function AnthropicKeyField(props: { onChanged: () => void }) {
  const headingId = createUniqueId()
  const load = createLoad(() => getProviderValue('anthropic'))
  const value = load.data
  const [typed, setTyped] = createSignal('')
  const [pending, setPending] = createSignal(false)
  const [outcome, setOutcome] = createSignal<{ ok: boolean; text: string } | null>(null)
  const keySet = () => Boolean(value() && hasKey(value()!))

  const save = async (apiKey: string, message: string) => {
    if (pending()) return
    setPending(true)
    setOutcome(null)
    try {
      load.set(await saveProviderValue('anthropic', { ...(value() ?? {}), api_key: apiKey }))
      setTyped('')
      showToast({ message })
      props.onChanged()
    } catch (caught) {
      setOutcome({ ok: false, text: errorDetail(caught) })
    } finally {
      setPending(false)
    }
  }

  const test = async () => {
    setOutcome({ ok: true, text: 'Testing…' })
    try {
      const models = await listServerModels('anthropic', ANTHROPIC_SERVER)
      setOutcome({ ok: true, text: `Connected: ${plural(models.length, 'model')}` })
    } catch (caught) {
      setOutcome({ ok: false, text: `Failed: ${errorDetail(caught)}` })
    }
  }

  return (
    <section class="provider-servers" aria-labelledby={headingId}>
      <h3 id={headingId} class="provider-servers-title">
        Anthropic
      </h3>
      <form
        class="anthropic-key"
        novalidate
        onSubmit={(event) => {
          event.preventDefault()
          if (typed().trim() !== '') void save(typed().trim(), 'Anthropic key saved')
        }}
      >
        <TextField
          label="Anthropic API key"
          hint={
            <>Key: {load.loading() ? '…' : keySet() ? 'set (type a new one to replace it)' : 'not set'}</>
          }
          mono
          type="password"
          autocomplete="off"
          value={typed()}
          onInput={(event) => setTyped(event.currentTarget.value)}
        />
        <div class="server-actions">
          <button type="submit" class="button button-small" aria-disabled={pending() ? true : undefined}>
            Save key
          </button>
          <Show when={keySet()}>
            <button type="button" class="button button-small" onClick={() => void test()}>
              Test connection
            </button>
            <button
              type="button"
              class="button button-small button-danger-quiet"
              onClick={() => void save('', 'Anthropic key cleared')}
            >
              Clear key
            </button>
          </Show>
        </div>
        <p class="server-test" role="status">
          <Show when={outcome()}>
            {(shown) => <span class={shown().ok ? 'server-ok' : 'field-error'}>{shown().text}</span>}
          </Show>
        </p>
      </form>
    </section>
  )
}
