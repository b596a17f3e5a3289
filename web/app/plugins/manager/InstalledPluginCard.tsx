import { createSignal, createUniqueId, For, Show } from 'solid-js'
import { errorDetail } from '../../api/ApiRequestError'
import type { InstalledPlugin } from '../../api/pluginsApi'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { showToast } from '../../toasts/toastStore'
import { EnabledSwitch } from './EnabledSwitch'
import { PermissionList } from './PermissionList'
import { categoryLabel } from './pluginCategory'
import { RuntimeServiceList } from './RuntimeServiceList'
import { TrustDialog } from './TrustDialog'

export interface InstalledPluginActions {
  setEnabled: (plugin: InstalledPlugin, enabled: boolean) => Promise<void>
  setModuleEnabled: (plugin: InstalledPlugin, moduleId: string, enabled: boolean) => Promise<void>
  /** Trusting is confirmed in the card's warning dialog first; stopping needs no confirmation. */
  setTrusted: (plugin: InstalledPlugin, trusted: boolean) => Promise<void>
  update: (plugin: InstalledPlugin) => Promise<void>
  uninstall: (plugin: InstalledPlugin) => Promise<void>
}

/** The id of a plugin card's heading, which takes focus after the plugin was installed or updated. */
export const pluginTitleId = (plugin: Pick<InstalledPlugin, 'id'>) => `plugin-${plugin.id}-title`

/** The Trust / Stop trusting button's id, the same in the card drawn again after the change. */
const trustButtonId = (plugin: Pick<InstalledPlugin, 'id'>) => `plugin-${plugin.id}-trust`

const describeSource = (plugin: InstalledPlugin) => {
  const source = plugin.install_source
  if (!source) return undefined
  if (source.method === 'marketplace') return 'the marketplace'
  if (source.method === 'upload' || source.method === 'local-file') return 'a file'
  if (source.url) return source.url
  return undefined
}

/**
 * One installed plugin: who made it and what it is, its enabled switch and its modules' switches, what
 * its permissions let it do, an update when one is known, Trust behind a warning (Stop trusting without
 * one: it only takes power away) and Uninstall behind a confirmation.
 */
export function InstalledPluginCard(props: {
  plugin: InstalledPlugin
  online: boolean
  actions: InstalledPluginActions
  /** Where focus goes once the plugin is gone (its card with it). */
  focusAfterRemoval: () => HTMLElement | null | undefined
}) {
  const plugin = () => props.plugin
  const permissionsId = createUniqueId()
  const [confirming, setConfirming] = createSignal(false)
  const [updating, setUpdating] = createSignal(false)
  const [trusting, setTrusting] = createSignal(false)
  const [trustBusy, setTrustBusy] = createSignal(false)

  const stopTrusting = async () => {
    if (trustBusy()) return
    setTrustBusy(true)
    const current = plugin()
    try {
      await props.actions.setTrusted(current, false)
      // The card is drawn anew with the changed plugin; keep focus on its (now Trust) button.
      requestAnimationFrame(() => {
        if (document.activeElement === document.body) document.getElementById(trustButtonId(current))?.focus()
      })
      showToast({ message: `${current.name} is no longer trusted: its modules run in their own frames` })
    } catch (error) {
      showToast({ message: `${current.name} could not be changed: ${errorDetail(error)}` })
    } finally {
      setTrustBusy(false)
    }
  }

  const update = async () => {
    if (updating()) return
    setUpdating(true)
    try {
      await props.actions.update(plugin())
    } catch (error) {
      showToast({ message: `${plugin().name} could not be updated: ${errorDetail(error)}` })
    } finally {
      setUpdating(false)
    }
  }

  return (
    <li class="plugin-card" classList={{ 'plugin-card-disabled': !plugin().enabled }}>
      <div class="plugin-card-head">
        <div class="plugin-card-identity">
          <h3 id={pluginTitleId(plugin())} class="plugin-card-title" tabindex="-1">
            {plugin().name}
          </h3>
          <p class="plugin-card-meta">
            Version {plugin().version}
            <Show when={plugin().author}>{(author) => <> · by {author()}</>}</Show>
            <Show when={plugin().category}>{(category) => <> · {categoryLabel(category())}</>}</Show>
            <Show when={describeSource(plugin())}>{(source) => <> · installed from {source()}</>}</Show>
          </p>
        </div>
        <EnabledSwitch
          subject={plugin().name}
          checked={plugin().enabled}
          onChange={(enabled) => props.actions.setEnabled(plugin(), enabled)}
        />
      </div>
      <Show when={plugin().description}>
        <p class="plugin-card-description">{plugin().description}</p>
      </Show>
      <Show when={!plugin().enabled}>
        <p class="plugin-card-note">Disabled: its modules are left out of the page designer.</p>
      </Show>
      <Show when={plugin().trusted}>
        <p class="plugin-card-trusted">
          <strong>Trusted:</strong> its modules run in Quire’s own page, with access to everything the app can
          reach; its permissions no longer limit it.
        </p>
      </Show>
      <Show when={plugin().status === 'error'}>
        <p class="plugin-card-problem">
          This plugin’s install did not finish; uninstall it and install it again.
        </p>
      </Show>

      <Show when={plugin().update_available}>
        <div class="plugin-update" role="group" aria-label={`Update for ${plugin().name}`}>
          <p>
            Version {plugin().latest_version ?? 'newer'} is available
            <Show when={!props.online}> (updating needs a connection)</Show>.
          </p>
          <button
            type="button"
            class="button button-small button-primary"
            disabled={!props.online}
            aria-disabled={updating()}
            onClick={() => void update()}
          >
            {updating() ? 'Updating…' : 'Update'}
            <span class="visually-hidden"> {plugin().name}</span>
          </button>
        </div>
      </Show>

      <h4 class="plugin-card-subtitle">Modules</h4>
      <Show
        when={plugin().modules.length > 0}
        fallback={<p class="plugin-card-note">This plugin has no modules.</p>}
      >
        <ul class="plugin-modules">
          <For each={plugin().modules}>
            {(module) => (
              <li class="plugin-module">
                <div>
                  <span class="plugin-module-name">{module.display_name}</span>
                  <Show when={module.description}>
                    <span class="plugin-module-description">{module.description}</span>
                  </Show>
                </div>
                <EnabledSwitch
                  subject={`${module.display_name} module`}
                  checked={module.enabled}
                  onChange={(enabled) => props.actions.setModuleEnabled(plugin(), module.id, enabled)}
                />
              </li>
            )}
          </For>
        </ul>
      </Show>

      <RuntimeServiceList services={plugin().required_services_runtime ?? []} />

      <h4 class="plugin-card-subtitle" id={`${permissionsId}-title`}>
        What it may do
      </h4>
      <PermissionList permissions={plugin().permissions} id={permissionsId} />

      {/* Trust is explained where it is offered: what it changes, what it gives, what it never gives. */}
      <Show when={!plugin().trusted}>
        <p id={`${permissionsId}-trust`} class="plugin-card-trust-note">
          <strong>Trust</strong> runs its modules in Quire’s own page instead of a sealed frame (for plugins
          that need the page itself). Trusted, it can read and change everything the app can: your documents,
          settings and the keys kept in this browser. Untrusted, it can only use the permissions above, and it
          cannot reach your other plugins’ data, sign you in or out, or install plugins.
        </p>
      </Show>
      <div class="plugin-card-actions">
        <button
          id={trustButtonId(plugin())}
          type="button"
          class="button button-small"
          aria-describedby={plugin().trusted ? undefined : `${permissionsId}-trust`}
          aria-disabled={trustBusy()}
          onClick={() => (plugin().trusted ? void stopTrusting() : setTrusting(true))}
        >
          {plugin().trusted ? 'Stop trusting' : 'Trust'}
          <span class="visually-hidden"> {plugin().name}</span>
        </button>
        <button
          type="button"
          class="button button-small button-danger-quiet"
          onClick={() => setConfirming(true)}
        >
          Uninstall<span class="visually-hidden"> {plugin().name}</span>
        </button>
      </div>

      <Show when={trusting()}>
        <TrustDialog
          plugin={plugin()}
          // The card is drawn anew with the trusted plugin; focus goes to its (Stop trusting) button.
          fallbackFocus={() => document.getElementById(trustButtonId(plugin()))}
          onCancel={() => setTrusting(false)}
          onConfirm={async () => {
            await props.actions.setTrusted(plugin(), true)
            setTrusting(false)
            showToast({ message: `${plugin().name} is trusted: its modules run in Quire’s own page` })
          }}
        />
      </Show>

      <Show when={confirming()}>
        <ConfirmDialog
          title={`Uninstall ${plugin().name}?`}
          confirmLabel="Uninstall"
          destructive
          onCancel={() => setConfirming(false)}
          fallbackFocus={props.focusAfterRemoval}
          onConfirm={async () => {
            const name = plugin().name
            await props.actions.uninstall(plugin())
            setConfirming(false)
            showToast({ message: `${name} uninstalled` })
          }}
        >
          <p>
            {plugin().name} {plugin().version} and its {plugin().modules.length === 1 ? 'module' : 'modules'}{' '}
            are removed from this device and, by sync, from your other devices. Pages that use its modules
            show them as missing. You can install it again later.
          </p>
        </ConfirmDialog>
      </Show>
    </li>
  )
}
