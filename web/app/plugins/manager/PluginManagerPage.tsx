import { createSignal, For, Show } from 'solid-js'
import {
  listInstalledPlugins,
  setModuleEnabled,
  setPluginEnabled,
  setPluginTrusted,
  uninstallPlugin,
  updatePlugin,
  type InstalledPlugin,
  type InstallResult,
} from '../../api/pluginsApi'
import { showToast } from '../../toasts/toastStore'
import { usePageTitle } from '../../usePageTitle'
import { createOnline } from './createOnline'
import { InstallDialog, type InstallRequest } from './InstallDialog'
import { InstalledPluginCard, type InstalledPluginActions } from './InstalledPluginCard'
import { InstallPanel } from './InstallPanel'
import { ManagerTabPanel, ManagerTabs } from './ManagerTabs'
import { MarketplacePanel } from './MarketplacePanel'
import { PermissionList } from './PermissionList'
import './pluginInstall.css'
import './pluginManager.css'
import { UpdateCheck } from './UpdateCheck'
import { WarningList } from './WarningList'
import { Screen } from '../../ui/Screen'

/** What the last install brought, shown until the next one: its warnings, and for a URL what it asks for. */
interface Outcome {
  result: InstallResult
  fromUrl: boolean
}

/**
 * The plugin manager: the marketplace first, then the installed plugins with their modules, switches,
 * permissions, updates and Uninstall; installing from a file or a URL (for developers) under an Advanced
 * disclosure. Each install shows what the plugin may do before it is installed. Everything but downloads works offline: the in-browser API answers from this device.
 */
export function PluginManagerPage(props: { plugins: InstalledPlugin[] }) {
  usePageTitle('Plugins')
  const online = createOnline()
  const [plugins, setPlugins] = createSignal(props.plugins)
  // A person with no plugins yet starts where plugins are found: the marketplace.
  const [tab, setTab] = createSignal(props.plugins.length === 0 ? 'marketplace' : 'installed')
  const [marketplaceShown, setMarketplaceShown] = createSignal(props.plugins.length === 0)
  const [changes, setChanges] = createSignal(0)
  const [request, setRequest] = createSignal<InstallRequest>()
  const [outcome, setOutcome] = createSignal<Outcome>()
  let listHeading: HTMLHeadingElement | undefined

  const refresh = async () => {
    setPlugins(await listInstalledPlugins())
    setChanges((n) => n + 1)
  }

  const replace = (next: InstalledPlugin) =>
    setPlugins((all) => all.map((p) => (p.id === next.id ? { ...p, ...next, id: p.id } : p)))

  const actions: InstalledPluginActions = {
    async setEnabled(plugin, enabled) {
      const saved = await setPluginEnabled(plugin.id, enabled)
      replace({ ...plugin, enabled: saved.enabled })
    },
    async setTrusted(plugin, trusted) {
      const saved = await setPluginTrusted(plugin.id, trusted)
      const current = plugins().find((p) => p.id === plugin.id) ?? plugin
      replace({ ...current, trusted: saved.trusted })
    },
    async setModuleEnabled(plugin, moduleId, enabled) {
      const saved = await setModuleEnabled(plugin.id, moduleId, enabled)
      const current = plugins().find((p) => p.id === plugin.id) ?? plugin
      replace({
        ...current,
        modules: current.modules.map((m) => (m.id === moduleId ? { ...m, enabled: saved.enabled } : m)),
      })
    },
    async update(plugin) {
      const result = await updatePlugin(plugin.plugin_slug)
      await refresh()
      showToast({
        message: result.updated
          ? `${plugin.name} updated to ${result.new_version}`
          : `${plugin.name} is already at the newest version (${result.previous_version})`,
      })
    },
    async uninstall(plugin) {
      await uninstallPlugin(plugin.plugin_slug)
      if (outcome()?.result.plugin_id === plugin.id) setOutcome(undefined)
      await refresh()
    },
  }

  const installed = async (result: InstallResult) => {
    const fromUrl = request()?.kind === 'url'
    await refresh()
    setOutcome({ result, fromUrl })
    setTab('installed')
    setRequest(undefined)
    showToast({ message: `${result.plugin.name} ${result.plugin.version} installed` })
  }

  const selectTab = (id: string) => {
    setTab(id)
    if (id === 'marketplace') setMarketplaceShown(true)
  }

  return (
    <Screen
      class="plugin-manager"
      titleId="plugins-title"
      title="Plugins"
      lead="Add modules to Quire’s pages. Plugins run sealed off from your data, except where their permissions allow."
      actions={<UpdateCheck online={online()} onChecked={refresh} />}
    >
      <Show when={outcome()}>
        {(last) => (
          <div class="plugin-outcome" role="status">
            <p>
              <strong>
                {last().result.plugin.name} {last().result.plugin.version}
              </strong>{' '}
              is installed and enabled.
            </p>
            <Show when={last().fromUrl}>
              <p>It asks to:</p>
              <PermissionList permissions={last().result.plugin.permissions} />
            </Show>
            <WarningList
              warnings={last().result.warnings}
              intro="Its manifest does not follow some of the plugin spec’s guidance:"
            />
            <button
              type="button"
              class="button button-small button-quiet"
              onClick={() => setOutcome(undefined)}
            >
              Dismiss
            </button>
          </div>
        )}
      </Show>

      <ManagerTabs
        label="Plugins"
        tabs={[
          { id: 'marketplace', label: 'Marketplace' },
          { id: 'installed', label: `Installed (${plugins().length})` },
        ]}
        selected={tab()}
        onSelect={selectTab}
      >
        <ManagerTabPanel id="installed" selected={tab()}>
          <h2 ref={listHeading} class="plugin-section-title" tabindex="-1">
            Installed plugins
          </h2>
          <Show
            when={plugins().length > 0}
            fallback={
              <p class="plugin-empty">
                No plugins installed yet. Install one from the marketplace, or from a file or a URL under
                Advanced.
              </p>
            }
          >
            <ul class="plugin-list" aria-label="Installed plugins">
              <For each={plugins()}>
                {(plugin) => (
                  <InstalledPluginCard
                    plugin={plugin}
                    online={online()}
                    actions={actions}
                    focusAfterRemoval={() => listHeading}
                  />
                )}
              </For>
            </ul>
          </Show>
        </ManagerTabPanel>
        <ManagerTabPanel id="marketplace" selected={tab()}>
          <Show when={marketplaceShown()}>
            <MarketplacePanel
              online={online()}
              refreshKey={changes()}
              onInstall={(entry) => setRequest({ kind: 'marketplace', entry })}
            />
          </Show>
        </ManagerTabPanel>
      </ManagerTabs>

      {/* The developer's ways in, for a plugin that is not in the marketplace. */}
      <details class="plugin-advanced">
        <summary>Advanced: install from a file, a URL or GitHub</summary>
        <div class="plugin-advanced-body">
          <InstallPanel online={online()} onRequest={setRequest} />
        </div>
      </details>

      <Show when={request()}>
        {(current) => (
          <InstallDialog request={current()} onInstalled={installed} onClose={() => setRequest(undefined)} />
        )}
      </Show>
    </Screen>
  )
}
