import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { listCollections } from '../api/collectionsApi'
import { CollectionsPage } from '../components/CollectionsPage'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'

export const Route = createFileRoute('/collections')({
  loader: ({ abortController }) => listCollections(abortController.signal),
  // Local data answers in milliseconds; only a slow start (a cold API worker) should flash a spinner.
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your collections…" />,
  errorComponent: CollectionsError,
  component: CollectionsRoute,
})

function CollectionsRoute() {
  const collections = Route.useLoaderData()
  return <CollectionsPage collections={collections()} />
}

function CollectionsError(props: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="collections-title">
      <header class="page-header">
        <h1 id="collections-title" class="page-title">
          Collections
        </h1>
      </header>
      <ErrorPanel
        title="Your collections could not be loaded"
        error={props.error}
        // A loader error is retried by loading again; reset() alone would re-render the same failure.
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
