import { createSignal, createUniqueId, For, Show } from 'solid-js'
import {
  installFromFile,
  installFromMarketplace,
  installFromUrl,
  type InstallResult,
  type MarketplaceEntry,
} from '../../api/pluginsApi'
import { Dialog } from '../../ui/Dialog'
import { pluginTitleId } from './InstalledPluginCard'
import { everyPermission } from './permissionText'
import { PermissionList } from './PermissionList'
import type { PackagePreview } from './previewPackage'
import { ProblemList } from './ProblemList'
import { WarningList } from './WarningList'
import './pluginInstall.css'

/** What the person asked to install, with what Quire could learn about it beforehand. */
export type InstallRequest =
  | { kind: 'file'; file: File; preview: PackagePreview }
  | { kind: 'url'; url: string }
  | { kind: 'marketplace'; entry: MarketplaceEntry }

type FileRequest = Extract<InstallRequest, { kind: 'file' }>
const asFile = (r: InstallRequest) => (r.kind === 'file' ? r : undefined)
const asMarketplace = (r: InstallRequest) => (r.kind === 'marketplace' ? r : undefined)
const asUrl = (r: InstallRequest) => (r.kind === 'url' ? r : undefined)

const titleOf = (request: InstallRequest) => {
  if (request.kind === 'file') return `Install ${request.preview.name}?`
  if (request.kind === 'marketplace') return `Install ${request.entry.name ?? request.entry.plugin_slug}?`
  return 'Install a plugin from a URL?'
}

/**
 * Shows what a plugin may do BEFORE it is installed, then installs it with a progress bar. What is known
 * beforehand depends on the source: a file is read in the page (its own manifest: the permissions it
 * asks for, its modules, the spec guidance it misses); a marketplace entry says what the catalog lists;
 * a URL cannot be looked into before the host downloads it, so the dialog lists every permission a plugin
 * may ask for and says that the installed plugin's own list will be on its card. Progress: the upload's
 * share for a file, then "Installing" (installs answer once stored; there is no job to follow).
 */
export function InstallDialog(props: {
  request: InstallRequest
  onInstalled: (result: InstallResult) => Promise<void>
  onClose: () => void
}) {
  const titleId = createUniqueId()
  const describedId = createUniqueId()
  const [phase, setPhase] = createSignal<'confirm' | 'installing' | 'failed'>('confirm')
  const [sent, setSent] = createSignal<number>()
  const [error, setError] = createSignal<unknown>()
  let installButton: HTMLButtonElement | undefined
  // Once installed, focus goes to the new plugin's heading in the list rather than back to the opener.
  let installedId: string | undefined

  const name = () => {
    const request = props.request
    if (request.kind === 'file') return request.preview.name
    if (request.kind === 'marketplace') return request.entry.name ?? request.entry.plugin_slug
    return 'the plugin'
  }

  const progressText = () => {
    const request = props.request
    if (request.kind !== 'file') return `Downloading and installing ${name()}…`
    const share = sent() ?? 0
    return share < 1 ? `Uploading ${request.file.name}: ${Math.round(share * 100)}%` : `Installing ${name()}…`
  }

  const install = async () => {
    if (phase() === 'installing') return
    setPhase('installing')
    setSent(undefined)
    setError(undefined)
    const request = props.request
    try {
      const options = { onUploadProgress: (share: number) => setSent(share) }
      const result =
        request.kind === 'file'
          ? await installFromFile(request.file, options)
          : request.kind === 'url'
            ? await installFromUrl(request.url)
            : await installFromMarketplace(request.entry.plugin_slug)
      installedId = result.plugin_id
      await props.onInstalled(result)
    } catch (caught) {
      installedId = undefined
      setError(caught)
      setPhase('failed')
    }
  }

  return (
    <Dialog
      labelledBy={titleId}
      describedBy={describedId}
      class="plugin-install-dialog"
      initialFocus={() => installButton}
      returnFocus={() =>
        installedId === undefined ? undefined : document.getElementById(pluginTitleId({ id: installedId }))
      }
      onClose={() => {
        if (phase() !== 'installing') props.onClose()
      }}
    >
      <h2 id={titleId} class="dialog-title">
        {titleOf(props.request)}
      </h2>
      <div id={describedId} class="dialog-message plugin-install-summary">
        <Show when={asFile(props.request)}>{(request) => <FileSummary request={request()} />}</Show>
        <Show when={asMarketplace(props.request)}>
          {(request) => <MarketplaceSummary entry={request().entry} />}
        </Show>
        <Show when={asUrl(props.request)}>{(request) => <UrlSummary url={request().url} />}</Show>
        <p class="plugin-install-sandbox">
          Its modules run in a sealed frame on the pages where you place them, and reach your data only as
          these permissions allow.
        </p>
      </div>

      <Show when={phase() === 'installing'}>
        <div class="plugin-install-progress">
          <Show
            when={props.request.kind === 'file' && (sent() ?? 0) < 1}
            fallback={<progress class="plugin-progress" aria-label={`Installing ${name()}`} />}
          >
            <progress
              class="plugin-progress"
              max={1}
              value={sent() ?? 0}
              aria-label={`Installing ${name()}`}
              aria-valuetext={`${Math.round((sent() ?? 0) * 100)}% uploaded`}
            />
          </Show>
          <p class="field-hint" role="status">
            {progressText()}
          </p>
        </div>
      </Show>
      <Show when={phase() === 'failed'}>
        <ProblemList title={`${name()} was not installed`} error={error()} />
      </Show>

      <div class="dialog-actions">
        <button
          type="button"
          class="button"
          aria-disabled={phase() === 'installing'}
          onClick={() => {
            if (phase() !== 'installing') props.onClose()
          }}
        >
          Cancel
        </button>
        <button
          ref={installButton}
          type="button"
          class="button button-primary"
          aria-disabled={phase() === 'installing'}
          onClick={() => void install()}
        >
          {phase() === 'failed' ? 'Try again' : 'Install'}
        </button>
      </div>
    </Dialog>
  )
}

function FileSummary(props: { request: FileRequest }) {
  const preview = () => props.request.preview
  return (
    <>
      <p>
        <strong>
          {preview().name} {preview().version}
        </strong>
        <Show when={preview().author}> by {preview().author}</Show>, from the file {props.request.file.name}.
      </p>
      <Show when={preview().description}>
        <p class="plugin-install-description">{preview().description}</p>
      </Show>
      <p>
        Modules:{' '}
        <For each={preview().modules}>
          {(m, i) => (
            <>
              {i() > 0 ? ', ' : ''}
              {m.displayName}
            </>
          )}
        </For>
      </p>
      <h3 class="plugin-install-heading">It asks to</h3>
      <PermissionList permissions={preview().permissions} />
      <WarningList
        warnings={preview().warnings}
        intro="Its manifest does not follow some of the plugin spec’s guidance (it installs anyway):"
      />
    </>
  )
}

function MarketplaceSummary(props: { entry: MarketplaceEntry }) {
  return (
    <>
      <p>
        <strong>
          {props.entry.name ?? props.entry.plugin_slug} {props.entry.version}
        </strong>
        , from the marketplace.
      </p>
      <Show when={props.entry.description}>
        <p class="plugin-install-description">{props.entry.description}</p>
      </Show>
      <h3 class="plugin-install-heading">The marketplace says it asks to</h3>
      <PermissionList permissions={props.entry.permissions} />
      <p class="field-hint">Once installed, its card shows what the downloaded package itself asks for.</p>
    </>
  )
}

function UrlSummary(props: { url: string }) {
  return (
    <>
      <p>
        From <span class="plugin-install-url">{props.url}</span>.
      </p>
      <p>
        Quire cannot look inside a plugin at a URL before it has downloaded it. A plugin may ask to do any of
        these:
      </p>
      <PermissionList permissions={everyPermission().map((line) => line.name)} />
      <p class="field-hint">
        Once installed, its card lists what this plugin asks for; disable or uninstall it there if that is
        more than you want.
      </p>
    </>
  )
}
