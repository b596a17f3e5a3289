import { createEffect, createSignal, createUniqueId, For } from 'solid-js'
import type { Collection } from '../api/collectionsApi'
import { CheckboxField } from '../ui/CheckboxField'
import { NumberField } from '../ui/NumberField'
import { SelectField } from '../ui/SelectField'
import { TextField } from '../ui/TextField'
import { DEFAULT_TOP_K, MAX_TOP_K, type SearchParams } from './searchParams'

/**
 * The query, where to look, how many results and whether to fuse keyword and vector search. The fields
 * follow the URL (back/forward re-fill them); submitting writes a new URL, which runs the search.
 */
export function SearchForm(props: {
  collections: readonly Collection[]
  params: SearchParams
  busy: boolean
  onSearch: (params: SearchParams) => void
}) {
  const [query, setQuery] = createSignal('')
  const [collection, setCollection] = createSignal('')
  const [topK, setTopK] = createSignal(String(DEFAULT_TOP_K))
  const [hybrid, setHybrid] = createSignal(true)
  const [error, setError] = createSignal<string | null>(null)
  // Per instance: the search screen has one form, a page may hold several search modules.
  const id = createUniqueId()

  createEffect(() => {
    setQuery(props.params.q ?? '')
    setCollection(props.params.collection ?? '')
    setTopK(String(props.params.top_k ?? DEFAULT_TOP_K))
    setHybrid(props.params.hybrid ?? true)
  })

  const submit = (event: SubmitEvent) => {
    event.preventDefault()
    const q = query().trim()
    const k = Number(topK())
    if (q === '') return setError('Type what you are looking for.')
    if (!Number.isInteger(k) || k < 1 || k > MAX_TOP_K) {
      return setError(`Results must be a whole number from 1 to ${MAX_TOP_K}.`)
    }
    setError(null)
    props.onSearch({
      q,
      ...(collection() ? { collection: collection() } : {}),
      ...(k !== DEFAULT_TOP_K ? { top_k: k } : {}),
      ...(hybrid() ? {} : { hybrid: false }),
    })
  }

  return (
    <form class="search-form" role="search" novalidate onSubmit={submit}>
      <TextField
        id={`${id}-query`}
        class="search-query"
        label="Query"
        // The message stands under the whole form (it may be about the Results number), so it is the
        // form's, pointed at from here; the query is marked only when it is what is wrong.
        describedBy={error() ? `${id}-error` : undefined}
        invalid={error() !== null && query().trim() === ''}
        type="search"
        autocomplete="off"
        maxLength={4000}
        value={query()}
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <div class="search-options">
        <SelectField
          id={`${id}-collection`}
          label="Collection"
          value={collection()}
          onChange={(event) => setCollection(event.currentTarget.value)}
        >
          <option value="">All collections</option>
          <For each={props.collections}>{(c) => <option value={c.id}>{c.name}</option>}</For>
        </SelectField>
        <NumberField
          id={`${id}-top-k`}
          class="search-top-k"
          label="Results"
          min="1"
          max={MAX_TOP_K}
          step="1"
          value={topK()}
          onInput={(event) => setTopK(event.currentTarget.value)}
        />
        <CheckboxField
          label="Hybrid search (keywords and meaning)"
          labelClass="search-hybrid"
          checked={hybrid()}
          onChange={(event) => setHybrid(event.currentTarget.checked)}
        />
        <button type="submit" class="button button-primary" disabled={props.busy}>
          {props.busy ? 'Searching…' : 'Search'}
        </button>
      </div>
      {error() && (
        <p id={`${id}-error`} class="field-error" role="alert">
          {error()}
        </p>
      )}
    </form>
  )
}
