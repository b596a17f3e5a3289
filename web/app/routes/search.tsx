import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { listCollections } from '../api/collectionsApi'
import { LoadingPanel } from '../components/LoadingPanel'
import { SearchPage } from '../search/SearchPage'
import { validateSearchParams } from '../search/searchParams'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

// The loader fetches only the collections for the form; the search itself runs in the page, so a failed
// search shows beside the form (to be corrected) instead of replacing the page with an error.
export const Route = createFileRoute('/search')({
  validateSearch: validateSearchParams,
  loader: ({ abortController }) => listCollections(abortController.signal),
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading search…" />,
  errorComponent: SearchError,
  component: SearchRoute,
})

function SearchRoute() {
  const collections = Route.useLoaderData()
  const params = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <SearchPage
      collections={collections()}
      params={params()}
      onSearch={(next) => void navigate({ search: next })}
    />
  )
}

function SearchError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="search-title"
      title="Search"
      errorTitle="Search could not be opened"
      error={props.error}
    />
  )
}
