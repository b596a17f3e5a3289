import { createSignal, For, Index, onCleanup, onMount, Show } from 'solid-js'
import { errorDetail } from '../api/ApiRequestError'
import {
  cancelModelInstall,
  deleteModel,
  followModelInstall,
  installModel,
  listModelHostModels,
  testModelHost,
  type InstallTask,
  type OllamaModel,
} from '../api/modelHostApi'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { formatBytes } from './formatBytes'
import './modelHost.css'
import { Field } from '../ui/Field'

const DEFAULT_URL = 'http://localhost:11434'
/** The server last connected to, so the list shows on the next visit without testing again. */
const URL_KEY = 'quire.modelHost.serverUrl'

/** An install shown with its progress bar: the task's latest view, or how it ended. */
interface Shown {
  name: string
  task?: InstallTask
  outcome?: { ok: boolean; text: string }
}

/**
 * Settings' "Local models (Ollama)": a server URL with a connection test, the models installed on it
 * (each deletable after a confirmation), and installing a model by name with a progress bar (stage,
 * percent, bytes summed over the model's layers) and Cancel. It speaks only `/api/v1/modelhost/*`:
 * in the browser the API worker reaches Ollama directly (and says how to allow this page when Ollama's
 * CORS refuses it), on a server the server does, as a job.
 */
export function ModelHostSection() {
  const saved = typeof localStorage === 'undefined' ? null : localStorage.getItem(URL_KEY)
  const [serverUrl, setServerUrl] = createSignal(saved ?? DEFAULT_URL)
  const [connection, setConnection] = createSignal<{ ok: boolean; text: string } | null>(null)
  const [testing, setTesting] = createSignal(false)
  const [models, setModels] = createSignal<OllamaModel[] | null>(null)
  const [modelsError, setModelsError] = createSignal<string | null>(null)
  const [modelName, setModelName] = createSignal('')
  const [installError, setInstallError] = createSignal<string | null>(null)
  const [installs, setInstalls] = createSignal<Shown[]>([])
  const [deleting, setDeleting] = createSignal<OllamaModel | null>(null)
  const leaving = new AbortController()
  onCleanup(() => leaving.abort())

  const refresh = async (url = serverUrl().trim()) => {
    setModelsError(null)
    try {
      setModels(await listModelHostModels(url, leaving.signal))
    } catch (error) {
      if (leaving.signal.aborted) return
      setModels(null)
      setModelsError(errorDetail(error))
    }
  }
  onMount(() => {
    if (saved) void refresh(saved)
  })

  const test = async () => {
    const url = serverUrl().trim()
    setTesting(true)
    setConnection(null)
    try {
      const version = await testModelHost(url)
      setConnection({ ok: true, text: `Connected to Ollama ${version}.` })
      localStorage.setItem(URL_KEY, url)
      await refresh(url)
    } catch (error) {
      setConnection({ ok: false, text: errorDetail(error) })
    } finally {
      setTesting(false)
    }
  }

  const update = (name: string, change: Partial<Shown>) =>
    setInstalls((list) => list.map((shown) => (shown.name === name ? { ...shown, ...change } : shown)))

  const install = async (event: SubmitEvent) => {
    event.preventDefault()
    const name = modelName().trim()
    const url = serverUrl().trim()
    if (name === '') {
      setInstallError('Name the model to install, such as llama3.2:1b.')
      return
    }
    setInstallError(null)
    try {
      const answer = await installModel(url, name)
      setModelName('')
      if (!answer.task_id) {
        setInstalls((list) => [
          ...list.filter((shown) => shown.name !== name),
          { name, outcome: { ok: true, text: answer.message } },
        ])
        return
      }
      const taskId = answer.task_id
      // A join of an install already shown follows the same task: show it once.
      if (installs().some((shown) => shown.task?.task_id === taskId && !shown.outcome)) return
      setInstalls((list) => [
        ...list.filter((shown) => shown.name !== name),
        { name, task: answer.task ?? undefined },
      ])
      const last = await followModelInstall(taskId, (task) => update(name, { task }), leaving.signal)
      if (last.status === 'completed') {
        update(name, { task: last, outcome: { ok: true, text: `${name} is installed.` } })
        await refresh(url)
      } else if (last.status === 'cancelled') {
        update(name, { task: last, outcome: { ok: false, text: `The install of ${name} was cancelled.` } })
      } else {
        update(name, {
          task: last,
          outcome: { ok: false, text: last.error ?? `The install of ${name} failed.` },
        })
      }
    } catch (error) {
      if (leaving.signal.aborted) return
      setInstallError(errorDetail(error))
    }
  }

  const cancel = async (shown: Shown) => {
    if (!shown.task) return
    try {
      await cancelModelInstall(shown.task.task_id)
    } catch (error) {
      setInstallError(errorDetail(error))
    }
  }

  return (
    <section class="settings-section model-host" aria-labelledby="model-host-title">
      <h2 id="model-host-title" class="settings-section-title">
        Local models (Ollama)
      </h2>
      <p class="field-hint">
        Install and remove models on an Ollama server. In this browser Quire reaches Ollama directly, so
        Ollama must allow this page (OLLAMA_ORIGINS).
      </p>
      <Field
        id="model-host-url"
        label="Ollama server URL"
        extra={
          <p class={connection()?.ok === false ? 'field-error' : 'field-hint'} role="status">
            {connection()?.text ?? ''}
          </p>
        }
      >
        {(control) => (
          <div class="model-host-row">
            <input
              {...control}
              class="input"
              type="url"
              inputmode="url"
              autocomplete="url"
              value={serverUrl()}
              onInput={(event) => {
                setServerUrl(event.currentTarget.value)
                setConnection(null)
              }}
            />
            <button type="button" class="button" disabled={testing()} onClick={() => void test()}>
              {testing() ? 'Testing…' : 'Test the connection'}
            </button>
          </div>
        )}
      </Field>

      <h3 class="model-host-subtitle" id="model-host-installed">
        Installed models
      </h3>
      <Show when={modelsError()}>
        <p class="field-error" role="alert">
          {modelsError()}
        </p>
      </Show>
      <Show
        when={models()}
        fallback={
          <p class="field-hint">
            {modelsError() ? '' : 'Test the connection to see the models on the server.'}
          </p>
        }
      >
        {(list) => (
          <Show when={list().length > 0} fallback={<p class="field-hint">No models are installed yet.</p>}>
            <ul class="model-host-models" aria-labelledby="model-host-installed">
              <For each={list()}>
                {(model) => (
                  <li class="model-host-model">
                    <span class="model-host-model-name">{model.name}</span>
                    <span class="field-hint">
                      {[model.size === null ? '' : formatBytes(model.size), model.details.parameter_size]
                        .filter((part) => typeof part === 'string' && part !== '')
                        .join(' · ')}
                    </span>
                    <button
                      type="button"
                      class="button button-small button-danger-quiet"
                      aria-label={`Delete ${model.name}`}
                      onClick={() => setDeleting(model)}
                    >
                      Delete
                    </button>
                  </li>
                )}
              </For>
            </ul>
          </Show>
        )}
      </Show>

      <form class="model-host-install" novalidate onSubmit={(event) => void install(event)}>
        <Field
          id="model-host-name"
          label="Model to install"
          class="model-host-install-field"
          error={installError()}
          announce
        >
          {(control) => (
            <div class="model-host-row">
              <input
                {...control}
                class="input"
                placeholder="llama3.2:1b"
                autocomplete="off"
                spellcheck={false}
                value={modelName()}
                onInput={(event) => setModelName(event.currentTarget.value)}
              />
              <button type="submit" class="button button-primary">
                Install
              </button>
            </div>
          )}
        </Field>
      </form>

      <Index each={installs()}>
        {(shown) => (
          <div class="model-host-progress">
            <Show
              when={!shown().outcome}
              fallback={
                <p class={shown().outcome!.ok ? 'field-hint' : 'field-error'} role="status">
                  {shown().outcome!.text}
                </p>
              }
            >
              <progress
                max={100}
                value={shown().task?.percent ?? 0}
                aria-label={`Installing ${shown().name}`}
                aria-valuetext={`${shown().task?.percent ?? 0}%`}
              />
              <p class="field-hint" role="status">
                {progressText(shown())}
              </p>
              <button
                type="button"
                class="button button-small"
                aria-label={`Cancel installing ${shown().name}`}
                onClick={() => void cancel(shown())}
              >
                Cancel
              </button>
            </Show>
          </div>
        )}
      </Index>

      <Show when={deleting()}>
        {(model) => (
          <ConfirmDialog
            title={`Delete ${model().name}?`}
            confirmLabel="Delete"
            destructive
            onCancel={() => setDeleting(null)}
            onConfirm={async () => {
              const url = serverUrl().trim()
              await deleteModel(url, model().name)
              setDeleting(null)
              await refresh(url)
            }}
          >
            <p>
              The model is removed from the Ollama server at {serverUrl().trim()}; installing it again
              downloads it again.
            </p>
          </ConfirmDialog>
        )}
      </Show>
    </section>
  )
}

/** "downloading: 45% (120 MB of 300 MB)". */
function progressText(shown: Shown): string {
  const task = shown.task
  if (!task) return `${shown.name}: starting…`
  const bytes =
    task.total_bytes > 0 ? ` (${formatBytes(task.completed_bytes)} of ${formatBytes(task.total_bytes)})` : ''
  return `${shown.name}: ${task.stage}, ${task.percent}%${bytes}`
}
