import { Link } from '@tanstack/solid-router'
import { createResource, For, Show } from 'solid-js'
import { listCollections } from '../api/collectionsApi'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { collectionsLimit } from './readBuiltinConfig'

/** The person's collections (as many as `limit`), each opening its collection, with its documents' count. */
export default function BuiltinCollections(props: { config: Record<string, unknown> }) {
  const [collections, { refetch }] = createResource(() => listCollections())
  const shown = () => (collections.latest ?? []).slice(0, collectionsLimit(props.config))
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
          <ul class="builtin-list" aria-label="Collections">
            <For each={shown()}>
              {(collection) => (
                <li class="builtin-list-item">
                  <Link to="/collections/$collectionId" params={{ collectionId: collection.id }}>
                    {collection.name}
                  </Link>
                  <span class="builtin-list-meta">
                    {collection.document_count === 1
                      ? '1 document'
                      : `${collection.document_count} documents`}
                  </span>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </Show>
    </Show>
  )
}
