import type { AttemptFor } from './isolationPlatform'
import type { PluginRecords } from './isolationPlugins'

const P = '/api/v1/plugins'

/** The install, update and marketplace routes' part of isolation.test.ts (A's plugin from `seedPlugins`). */
export const pluginInstallAttempts: Record<string, AttemptFor<PluginRecords>> = {
  installPlugin: { names: 'nothing', why: 'installs into B’s own space (the same slug is free there)' },
  installPluginFromUrl: { names: 'nothing', why: 'installs into B’s own space' },
  installCatalogPlugin: { names: 'nothing', why: 'installs from the operator’s catalog into B’s own space' },
  listAvailablePlugins: {
    names: 'nothing',
    why: 'the catalog is the operator’s; its install status is B’s own (no catalog here: 404)',
  },
  listPluginUpdates: { names: 'nothing', why: 'checked by the lists (B’s own plugins’ checks)' },
  checkPluginUpdate: (a) => ({ method: 'GET', path: `${P}/${a.pluginSlug}/update/available?force=true` }),
  updatePlugin: (a) => ({ method: 'POST', path: `${P}/${a.pluginSlug}/update` }),
  uninstallPlugin: (a) => ({ method: 'DELETE', path: `${P}/${a.pluginSlug}/uninstall` }),
}

/** B's update checks: none may be of A's plugin. */
export const pluginInstallLists: Array<{ path: string; items: (body: unknown) => unknown[] }> = [
  {
    path: `${P}/updates/available?force=true`,
    items: (body) => (body as { data: { checks: unknown[] } }).data.checks,
  },
]
