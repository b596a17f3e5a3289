import { For, Show } from 'solid-js'
import type { SearchResponse } from '../api/searchApi'

const METHOD_LABELS = {
  hybrid: 'Hybrid (keywords + vectors)',
  vector: 'Vectors only',
  bm25: 'Keywords (BM25)',
}
const INTENT_LABELS: Record<SearchResponse['intent']['kind'], string> = {
  chat: 'Chat',
  retrieval: 'Retrieval',
  collection_summary: 'Collection summary',
  comparison: 'Comparison',
  listing: 'Listing',
  clarification: 'Clarification',
}

/**
 * How the search ran: the intent the query was read as, the method, the queries sent and the embedder,
 * under a "Search details" disclosure after the results (issue 40: a person looks for the passage first;
 * these are the internals). A note that changes what the results mean (keywords standing in for vectors)
 * is `SearchNote`, shown above them.
 */
export function SearchSummary(props: { response: SearchResponse }) {
  const meta = () => props.response.metadata
  const intent = () => props.response.intent
  return (
    <section class="search-summary" aria-label="How the search ran">
      <details class="search-details">
        <summary class="search-details-summary">Search details</summary>
        <dl class="search-facts">
          <div>
            <dt>Intent</dt>
            <dd>
              <span class="search-intent">{INTENT_LABELS[intent().kind]}</span>{' '}
              <span class="search-muted">({Math.round(intent().confidence * 100)}% confidence)</span>
            </dd>
          </div>
          <div>
            <dt>Method</dt>
            <dd>{METHOD_LABELS[meta().search_method]}</dd>
          </div>
          <div>
            <dt>Queries used</dt>
            <dd>
              <For each={meta().queries_used}>{(query) => <q class="search-used-query">{query}</q>}</For>
            </dd>
          </div>
          <Show when={meta().embedder}>
            <div>
              <dt>Embedder</dt>
              <dd class="search-mono">{meta().embedder}</dd>
            </div>
          </Show>
        </dl>
        <p class="search-reasoning">{intent().reasoning}</p>
      </details>
    </section>
  )
}

/** What the results should be read with (keyword search standing in for vectors, say), above them. */
export function SearchNote(props: { response: SearchResponse }) {
  return (
    <Show when={props.response.metadata.note}>
      {(note) => (
        <p class="search-note" role="note">
          {note()}
        </p>
      )}
    </Show>
  )
}
