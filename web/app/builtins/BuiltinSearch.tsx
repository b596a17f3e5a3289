import { createResource, createSignal, For, Show } from 'solid-js'
import { listCollections } from '../api/collectionsApi'
import { searchChunks } from '../api/searchApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { SearchForm } from '../search/SearchForm'
import { SearchResult } from '../search/SearchResult'
import { DEFAULT_TOP_K, type SearchParams } from '../search/searchParams'
import { initialSearchParams } from './readBuiltinConfig'
import '../search/search.css'

/**
 * The search screen's form and results in a page's cell: the search runs here (no address change), over
 * the module's collection unless the person picks another.
 */
export default function BuiltinSearch(props: { config: Record<string, unknown> }) {
  const [params, setParams] = createSignal<SearchParams>(initialSearchParams(props.config))
  const [collections] = createResource(() => listCollections().catch(() => []))
  const [answer] = createResource(
    () => {
      const p = params()
      return p.q ? p : undefined
    },
    (p) =>
      searchChunks({
        query: p.q ?? '',
        ...(p.collection ? { collection_id: p.collection } : {}),
        top_k: p.top_k ?? DEFAULT_TOP_K,
        use_hybrid_search: p.hybrid ?? true,
      }),
  )
  return (
    <div class="builtin-search">
      <SearchForm
        collections={collections() ?? []}
        params={params()}
        busy={answer.loading}
        onSearch={setParams}
      />
      <Show when={answer.error}>
        <ErrorPanel title="The search failed" error={answer.error} />
      </Show>
      <Show when={!answer.error && answer.latest}>
        {(found) => (
          <section class="search-results" aria-label="Search results">
            <Show
              when={found().chunks.length > 0}
              fallback={<p class="field-hint">Nothing matched “{params().q}”.</p>}
            >
              <For each={found().chunks}>
                {(chunk, index) => <SearchResult chunk={chunk} query={params().q ?? ''} rank={index() + 1} />}
              </For>
            </Show>
          </section>
        )}
      </Show>
    </div>
  )
}
