import { createResource, For, Match, Show, Switch } from 'solid-js'
import type { Collection } from '../api/collectionsApi'
import { searchChunks } from '../api/searchApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { usePageTitle } from '../usePageTitle'
import { SearchForm } from './SearchForm'
import { DEFAULT_TOP_K, type SearchParams } from './searchParams'
import { SearchResult } from './SearchResult'
import { SearchNote, SearchSummary } from './SearchSummary'
import './search.css'
import { Screen } from '../ui/Screen'

/**
 * The Search screen: the ranked passages `POST /api/search_u/` returns for the query in the URL, with the
 * intent and method the API reports. The search runs whenever the URL's query changes, so the page shows
 * exactly what the link says.
 */
export function SearchPage(props: {
  collections: readonly Collection[]
  params: SearchParams
  onSearch: (params: SearchParams) => void
}) {
  usePageTitle(() => (props.params.q ? `“${props.params.q}” · Search` : 'Search'))

  const request = () => {
    const { q, collection, top_k, hybrid } = props.params
    if (!q) return false
    return {
      query: q,
      ...(collection ? { collection_id: collection } : {}),
      top_k: top_k ?? DEFAULT_TOP_K,
      use_hybrid_search: hybrid ?? true,
    }
  }
  const [response, { refetch }] = createResource(request, (body) => searchChunks(body))

  const statusText = () => {
    if (!props.params.q) return ''
    if (response.loading) return 'Searching…'
    if (response.error) return 'The search failed.'
    const count = response.latest?.chunks.length ?? 0
    return count === 1 ? '1 result' : `${count} results`
  }

  return (
    <Screen titleId="search-title" title="Search" lead="Find passages in your processed documents.">
      <SearchForm
        collections={props.collections}
        params={props.params}
        busy={response.loading}
        onSearch={(next) => {
          // The same URL again does not change the source; search again anyway, as the person asked.
          if (sameSearch(next, props.params)) void refetch()
          else props.onSearch(next)
        }}
      />

      {/* Announces the outcome in a sentence; the results themselves are read by moving into them. */}
      <p class="visually-hidden" role="status">
        {statusText()}
      </p>
      <div class="search-outcome">
        <Switch>
          <Match when={!props.params.q}>
            <p class="search-hint">
              Type a question or a few words. Only documents that finished processing are searched.
            </p>
          </Match>
          <Match when={response.error as unknown}>
            {(error) => (
              <ErrorPanel title="The search failed" error={error()} onRetry={() => void refetch()} />
            )}
          </Match>
          <Match when={response.loading && !response.latest}>
            <LoadingPanel label="Searching…" />
          </Match>
          <Match when={response.latest}>
            {(found) => (
              <>
                <SearchNote response={found()} />
                <h2 class="search-count">
                  {found().chunks.length === 1 ? '1 result' : `${found().chunks.length} results`}
                </h2>
                <Show
                  when={found().chunks.length > 0}
                  fallback={
                    <div class="panel">
                      <p class="panel-title">No passages matched</p>
                      <p class="panel-detail">
                        Try other words, another collection, or check that the documents finished processing.
                      </p>
                    </div>
                  }
                >
                  <ol class="search-results" role="list">
                    <For each={found().chunks}>
                      {(chunk, index) => (
                        <li>
                          <SearchResult chunk={chunk} query={props.params.q ?? ''} rank={index() + 1} />
                        </li>
                      )}
                    </For>
                  </ol>
                </Show>
                <SearchSummary response={found()} />
              </>
            )}
          </Match>
        </Switch>
      </div>
    </Screen>
  )
}

function sameSearch(a: SearchParams, b: SearchParams): boolean {
  return a.q === b.q && a.collection === b.collection && a.top_k === b.top_k && a.hybrid === b.hybrid
}
