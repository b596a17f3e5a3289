import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { listCollections } from '../api/collectionsApi'
import { CollectionsPage } from '../components/CollectionsPage'
import { LoadingPanel } from '../components/LoadingPanel'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

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
  return (
    <LoadErrorScreen
      titleId="collections-title"
      title="Collections"
      errorTitle="Your collections could not be loaded"
      error={props.error}
    />
  )
}
