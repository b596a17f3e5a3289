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

/** How the search ran: the intent the query was read as, the method, the queries sent and any note. */
export function SearchSummary(props: { response: SearchResponse }) {
  const meta = () => props.response.metadata
  const intent = () => props.response.intent
  return (
    <section class="search-summary" aria-label="How the search ran">
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
      <Show when={meta().note}>
        <p class="search-note" role="note">
          {meta().note}
        </p>
      </Show>
    </section>
  )
}
