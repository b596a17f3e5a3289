import { Link } from '@tanstack/solid-router'
import { createResource, createSignal, For, Show } from 'solid-js'
import { listCollections, type Collection } from '../api/collectionsApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { ArrowKeyList } from '../ui/ArrowKeyList'
import type { BuiltinViewProps } from './builtinServices'
import { chosenStatus } from './chosenStatus'
import { collectionSelectedMessage } from './collectionSelected'
import { collectionsLimit } from './readBuiltinConfig'

/**
 * The person's collections (as many as `limit`), each opening its collection, with its documents' count.
 * Choose sends `quire.collection.selected` to the page: its Chat, Search and Evaluation modules that pin
 * no collection, and any plugin module that declares receiving it, switch to that collection. The arrow
 * keys move through the list; Tab goes from a collection's link to its Choose (ArrowKeyList).
 */
export default function BuiltinCollections(props: BuiltinViewProps) {
  const [collections, { refetch }] = createResource(() => listCollections())
  const [chosen, setChosen] = createSignal<string>()
  const [status, setStatus] = createSignal('')
  const shown = () => (collections.latest ?? []).slice(0, collectionsLimit(props.config))

  const choose = (collection: Collection) => {
    const reached = props.services.send(
      collectionSelectedMessage({
        collection_id: collection.id,
        name: collection.name,
        description: collection.description ?? '',
      }),
    )
    setChosen(collection.id)
    setStatus(chosenStatus(collection.name, reached))
  }

  return (
    <Show
      when={!collections.error}
      fallback={
        <ErrorPanel
          title="Collections could not be loaded"
          error={collections.error}
          onRetry={() => void refetch()}
        />
      }
    >
      <Show when={collections.latest} fallback={<LoadingPanel label="Loading collections…" />}>
        <Show when={shown().length > 0} fallback={<p class="field-hint">No collections yet.</p>}>
          <ArrowKeyList class="builtin-list" aria-label="Collections">
            <For each={shown()}>
              {(collection) => (
                <li class="builtin-list-item">
                  <span class="builtin-list-name">
                    <Link to="/collections/$collectionId" params={{ collectionId: collection.id }}>
                      {collection.name}
                    </Link>
                    <span class="builtin-list-meta">
                      {collection.document_count === 1
                        ? '1 document'
                        : `${collection.document_count} documents`}
                    </span>
                  </span>
                  <button
                    type="button"
                    class="button button-small"
                    aria-pressed={chosen() === collection.id}
                    onClick={() => choose(collection)}
                  >
                    Choose<span class="visually-hidden"> {collection.name}</span>
                  </button>
                </li>
              )}
            </For>
          </ArrowKeyList>
        </Show>
        <p class="field-hint builtin-status" role="status">
          {status()}
        </p>
      </Show>
    </Show>
  )
}
