import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/solid-router'
import { createMemo, Show } from 'solid-js'
import { ApiRequestError } from '../api/ApiRequestError'
import { getCollection, type Collection } from '../api/collectionsApi'
import { listDocuments } from '../api/documentsApi'
import { CollectionNotFound } from '../components/CollectionNotFound'
import { CollectionPage } from '../components/CollectionPage'
import { LoadingPanel } from '../components/LoadingPanel'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

// "collections_" keeps this page out of the Collections route's layout: it is a page of its own, not a panel
// inside the list.
export const Route = createFileRoute('/collections_/$collectionId')({
  loader: async ({ params, abortController }) => {
    const signal = abortController.signal
    // Both requests start at once; the collection decides whether the page exists at all.
    const documents = listDocuments(params.collectionId, signal)
    documents.catch(() => undefined) // awaited below; until then a rejection is not "unhandled"
    let collection: Collection
    try {
      collection = await getCollection(params.collectionId, signal)
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 404) throw notFound()
      throw error
    }
    return { collection, documents: await documents }
  },
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading the collection…" />,
  errorComponent: CollectionError,
  notFoundComponent: CollectionNotFound,
  component: CollectionRoute,
})

function CollectionRoute() {
  const data = Route.useLoaderData()
  // Keyed on the id: moving to another collection mounts a fresh page (its own uploads and polling), while
  // reloading the same one keeps the page and reconciles its rows.
  const id = createMemo(() => data().collection.id)
  return (
    <Show when={id()} keyed>
      {(_id) => <CollectionPage collection={data().collection} documents={data().documents} />}
    </Show>
  )
}

function CollectionError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="collection-error-title"
      title="Collection"
      errorTitle="This collection could not be loaded"
      error={props.error}
    />
  )
}
