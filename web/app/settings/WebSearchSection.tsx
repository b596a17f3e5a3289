import { createResource, createSignal, createUniqueId, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import { checkWebSearch, getSearxngUrl, saveSearxngUrl, type WebSearchHealth } from '../api/webSearchApi'
import { plural } from '../plural'
import { TextField } from '../ui/TextField'

/**
 * "Web search": the person's SearXNG instance, which the chat's "Search the web" and
 * `/api/v1/websearch/*` use. Save stores the URL (a synced setting); Test saves it and asks the API
 * whether the instance answers, showing the reason when not (in the browser that includes CORS, which
 * SearXNG must allow for this app's origin).
 */
export function WebSearchSection() {
  const id = createUniqueId()
  const [saved] = createResource(() => getSearxngUrl().catch(() => ''))
  const [url, setUrl] = createSignal<string>()
  const [busy, setBusy] = createSignal<'saving' | 'testing' | null>(null)
  const [outcome, setOutcome] = createSignal<{ ok: boolean; text: string } | null>(null)
  const current = () => url() ?? saved() ?? ''

  const problem = () => {
    const text = current().trim()
    if (text === '') return null
    try {
      const parsed = new URL(text)
      return parsed.protocol === 'http:' || parsed.protocol === 'https:'
        ? null
        : 'The URL must start with http:// or https://'
    } catch {
      return 'Enter a full URL, such as https://search.example.org'
    }
  }

  const save = async (): Promise<boolean> => {
    const bad = problem()
    if (bad) {
      setOutcome({ ok: false, text: bad })
      return false
    }
    await saveSearxngUrl(current().trim())
    return true
  }

  const run = async (action: 'saving' | 'testing') => {
    setBusy(action)
    setOutcome(null)
    try {
      if (!(await save())) return
      if (action === 'saving') {
        setOutcome({ ok: true, text: current().trim() ? 'Saved.' : 'Cleared: the web is not searched.' })
        return
      }
      setOutcome(describe(await checkWebSearch()))
    } catch (error) {
      setOutcome({ ok: false, text: errorDetail(error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <section class="settings-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} class="settings-section-title">
        Web search
      </h2>
      <form
        class="form"
        novalidate
        onSubmit={(event) => {
          event.preventDefault()
          void run('saving')
        }}
      >
        <TextField
          id={`${id}-url`}
          label="SearXNG URL"
          hint="A SearXNG instance with its JSON format on. “Search the web” in chat sends your question there and cites the pages it finds. In this browser, the instance must allow this app’s origin (CORS)."
          mono
          type="url"
          inputmode="url"
          placeholder="https://search.example.org"
          value={current()}
          onInput={(event) => {
            setUrl(event.currentTarget.value)
            setOutcome(null)
          }}
        />
        <div class="form-actions">
          <button type="button" class="button" disabled={busy() !== null} onClick={() => void run('testing')}>
            {busy() === 'testing' ? 'Testing…' : 'Test'}
          </button>
          <button type="submit" class="button button-primary" disabled={busy() !== null}>
            {busy() === 'saving' ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
      <p id={`${id}-outcome`} class={outcome()?.ok === false ? 'field-error' : 'field-hint'} role="status">
        <Show when={outcome()}>{(shown) => shown().text}</Show>
      </p>
    </section>
  )
}

function describe(health: WebSearchHealth): { ok: boolean; text: string } {
  if (health.accessible) {
    const engines = health.engines === undefined ? '' : ` with ${plural(health.engines, 'engine')}`
    return { ok: true, text: `Connected: SearXNG answers${engines}.` }
  }
  return { ok: false, text: health.error ?? 'SearXNG did not answer.' }
}
