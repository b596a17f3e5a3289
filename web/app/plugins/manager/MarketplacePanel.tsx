import { createResource, createSignal, createUniqueId, For, Show, Suspense } from 'solid-js'
import { listMarketplace, type MarketplaceEntry } from '../../api/pluginsApi'
import { ErrorPanel } from '../../components/ErrorPanel'
import { LoadingPanel } from '../../components/LoadingPanel'
import { filterMarketplace, marketplaceCategories } from './filterMarketplace'
import { PermissionList } from './PermissionList'
import { categoryLabel } from './pluginCategory'
import { SelectField } from '../../ui/SelectField'
import { TextField } from '../../ui/TextField'

/**
 * The marketplace catalog's plugins, searchable and filtered by category, each with what it asks for and
 * whether (which version) is installed here. The catalog is a download: offline the panel says so and
 * loads it once the connection is back. `refreshKey` changes after installs, so "Installed" stays true.
 */
export function MarketplacePanel(props: {
  online: boolean
  refreshKey: number
  onInstall: (entry: MarketplaceEntry) => void
}) {
  const searchId = createUniqueId()
  const categoryId = createUniqueId()
  const [search, setSearch] = createSignal('')
  const [category, setCategory] = createSignal('')
  const [catalog, { refetch }] = createResource(
    () => (props.online ? props.refreshKey + 1 : false),
    () => listMarketplace(),
  )
  const entries = () => (catalog.error ? [] : (catalog.latest ?? []))
  // Read only inside the panel's own Suspense (a computation made here would suspend the page's).
  const shown = () => filterMarketplace(entries(), { search: search(), category: category() })

  return (
    <div class="plugin-marketplace">
      <Show
        when={props.online}
        fallback={
          <p class="plugin-offline-note">
            You are offline. The marketplace needs a connection; your installed plugins keep working.
          </p>
        }
      >
        {/* Its own boundary: the catalog's first load must not suspend the whole page (which takes the
            page's content, and the focused tab with it, out of the document until it arrives). */}
        <Suspense fallback={<LoadingPanel label="Loading the marketplace…" />}>
          <Show
            when={!catalog.error}
            fallback={
              <ErrorPanel
                title="The marketplace could not be loaded"
                error={catalog.error}
                onRetry={() => void refetch()}
              />
            }
          >
            <Show when={catalog.latest} fallback={<LoadingPanel label="Loading the marketplace…" />}>
              <div class="plugin-marketplace-filters" role="search" aria-label="Marketplace">
                <TextField
                  id={searchId}
                  label="Search the marketplace"
                  type="search"
                  value={search()}
                  onInput={(event) => setSearch(event.currentTarget.value)}
                />
                <SelectField
                  id={categoryId}
                  label="Category"
                  value={category()}
                  onChange={(event) => setCategory(event.currentTarget.value)}
                >
                  <option value="">All categories</option>
                  <For each={marketplaceCategories(entries())}>
                    {(category) => <option value={category.key}>{category.label}</option>}
                  </For>
                </SelectField>
              </div>
              <p class="plugin-marketplace-count" role="status">
                {shown().length === entries().length
                  ? `${entries().length} ${entries().length === 1 ? 'plugin' : 'plugins'}`
                  : `${shown().length} of ${entries().length} plugins`}
              </p>
              <Show when={entries().length === 0}>
                <p class="plugin-offline-note">
                  No marketplace is set up here yet. Add a catalog URL in Settings, or install a plugin from a
                  file or a URL under Advanced.
                </p>
              </Show>
              <ul class="plugin-list" aria-label="Marketplace plugins">
                <For each={shown()}>
                  {(entry) => <MarketplaceCard entry={entry} onInstall={() => props.onInstall(entry)} />}
                </For>
              </ul>
            </Show>
          </Show>
        </Suspense>
      </Show>
    </div>
  )
}

function MarketplaceCard(props: { entry: MarketplaceEntry; onInstall: () => void }) {
  const name = () => props.entry.name ?? props.entry.plugin_slug
  const author = () => (typeof props.entry.author === 'string' ? props.entry.author : undefined)
  return (
    <li class="plugin-card">
      <div class="plugin-card-head">
        <div class="plugin-card-identity">
          <h3 class="plugin-card-title">{name()}</h3>
          <p class="plugin-card-meta">
            Version {props.entry.version}
            <Show when={author()}>{(by) => <> · by {by()}</>}</Show>
            <Show when={props.entry.category}>{(c) => <> · {categoryLabel(c())}</>}</Show>
          </p>
        </div>
        <Show
          when={!props.entry.installed}
          fallback={
            <p class="plugin-installed-badge">
              {props.entry.update_available
                ? `Installed: version ${props.entry.installed_version ?? ''} (update in Installed)`
                : `Installed: version ${props.entry.installed_version ?? props.entry.version}`}
            </p>
          }
        >
          <button type="button" class="button button-small button-primary" onClick={() => props.onInstall()}>
            Install<span class="visually-hidden"> {name()}</span>
          </button>
        </Show>
      </div>
      <Show when={props.entry.description}>
        <p class="plugin-card-description">{props.entry.description}</p>
      </Show>
      <h4 class="plugin-card-subtitle">What it may do</h4>
      <PermissionList permissions={props.entry.permissions} />
    </li>
  )
}
