import { createSignal, createUniqueId, Show } from 'solid-js'
import { UploadDropZone } from '../../components/UploadDropZone'
import type { InstallRequest } from './InstallDialog'
import { previewPackage } from './previewPackage'
import { ProblemList } from './ProblemList'
import './pluginInstall.css'
import { TextField } from '../../ui/TextField'

const ARCHIVES = '.zip,.tar.gz,.tgz,application/zip,application/gzip'

/** `github.com/o/r` is how people copy a repository; anything else must be an http(s) URL. */
function normaliseUrl(value: string): string | undefined {
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  const url = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined
  } catch {
    return undefined
  }
}

/**
 * Where a plugin comes in from outside the marketplace: a file (dropped or chosen; read in the page first
 * so its permissions are shown before installing, and refused here with the install's own words when it
 * is not a plugin Quire would install) or a URL (needs a connection, so it is turned off offline).
 */
export function InstallPanel(props: { online: boolean; onRequest: (request: InstallRequest) => void }) {
  const urlId = createUniqueId()
  const offlineId = createUniqueId()
  const [reading, setReading] = createSignal<string>()
  const [refused, setRefused] = createSignal<{ name: string; error: unknown }>()
  const [url, setUrl] = createSignal('')
  const [urlError, setUrlError] = createSignal<string>()

  const readFile = async (files: File[]) => {
    const file = files[0]
    if (!file || reading()) return
    setRefused(undefined)
    setReading(file.name)
    try {
      const preview = await previewPackage(new Uint8Array(await file.arrayBuffer()))
      props.onRequest({ kind: 'file', file, preview })
    } catch (error) {
      setRefused({ name: file.name, error })
    } finally {
      setReading(undefined)
    }
  }

  const submitUrl = (event: SubmitEvent) => {
    event.preventDefault()
    if (!props.online) return
    const normalised = normaliseUrl(url())
    if (!normalised) {
      setUrlError('Enter the address of a GitHub repository or of a .zip or .tar.gz archive (https://…).')
      return
    }
    setUrlError(undefined)
    setRefused(undefined)
    props.onRequest({ kind: 'url', url: normalised })
  }

  return (
    <div class="plugin-install">
      <div class="plugin-install-sources">
        <UploadDropZone
          title="Install from a file"
          hint="Drop a plugin archive here (.zip or .tar.gz), or choose one. Works offline."
          accept={ARCHIVES}
          single
          buttonLabel="Choose a plugin file"
          onFiles={(files) => void readFile(files)}
        />
        <form class="plugin-url-form" novalidate onSubmit={submitUrl} aria-labelledby={`${urlId}-title`}>
          <h2 id={`${urlId}-title`} class="plugin-url-title">
            Install from a URL
          </h2>
          <TextField
            id={urlId}
            label="Plugin URL"
            hint="A GitHub repository (its latest release) or a direct link to a .zip or .tar.gz archive."
            error={urlError()}
            describedBy={props.online ? undefined : offlineId}
            type="url"
            inputmode="url"
            autocomplete="url"
            placeholder="https://github.com/owner/plugin"
            value={url()}
            disabled={!props.online}
            onInput={(event) => setUrl(event.currentTarget.value)}
            extra={
              <Show when={!props.online}>
                <p id={offlineId} class="field-hint plugin-offline-note">
                  You are offline: installing from a URL needs a connection. Installing from a file still
                  works.
                </p>
              </Show>
            }
          />
          <button type="submit" class="button" disabled={!props.online}>
            Install from URL
          </button>
        </form>
      </div>
      <p class="plugin-install-reading" role="status">
        <Show when={reading()}>{(name) => <>Reading {name()}…</>}</Show>
      </p>
      <Show when={refused()}>
        {(refusal) => <ProblemList title={`${refusal().name} cannot be installed`} error={refusal().error} />}
      </Show>
    </div>
  )
}
