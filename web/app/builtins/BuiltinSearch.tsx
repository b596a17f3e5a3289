import { createEffect, createResource, createSignal, For, on, Show } from 'solid-js'
import { listCollections } from '../api/collectionsApi'
import { searchChunks } from '../api/searchApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { SearchForm } from '../search/SearchForm'
import { SearchResult } from '../search/SearchResult'
import { DEFAULT_TOP_K, type SearchParams } from '../search/searchParams'
import type { BuiltinViewProps } from './builtinServices'
import { MissingCollection } from './NotConfigured'
import { configCollectionId, initialSearchParams } from './readBuiltinConfig'
import '../search/search.css'

/**
 * The search screen's form and results in a page's cell: the search runs here (no address change), over
 * the module's collection unless the person picks another. A module whose settings pin no collection
 * switches to the one chosen on the page (and searches again, if it had searched).
 */
export default function BuiltinSearch(props: BuiltinViewProps) {
  const [params, setParams] = createSignal<SearchParams>(initialSearchParams(props.config))
  const [collections] = createResource(() => listCollections().catch(() => undefined))
  const pinned = () => configCollectionId(props.config)
  const missing = () => {
    const list = collections()
    return pinned() !== '' && list !== undefined && !list.some((c) => c.id === pinned())
  }
  createEffect(
    on(props.services.chosenCollection, (chosen) => {
      if (!chosen || pinned()) return
      setParams((current) => ({ ...current, collection: chosen.collection_id }))
    }),
  )
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
    <Show when={!missing()} fallback={<MissingCollection module="Search" />}>
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
                  {(chunk, index) => (
                    <SearchResult chunk={chunk} query={params().q ?? ''} rank={index() + 1} />
                  )}
                </For>
              </Show>
            </section>
          )}
        </Show>
      </div>
    </Show>
  )
}
