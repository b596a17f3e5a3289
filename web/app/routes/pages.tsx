import { createFileRoute, type ErrorComponentProps } from '@tanstack/solid-router'
import { LoadingPanel } from '../components/LoadingPanel'
import { PagesScreen } from '../pages/PagesScreen'
import { listNavigationRoutes, listPages } from '../pages/pagesApi'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

export const Route = createFileRoute('/pages')({
  loader: async ({ abortController }) => {
    const [pages, routes] = await Promise.all([
      listPages(abortController.signal),
      listNavigationRoutes(abortController.signal),
    ])
    return { pages, routes }
  },
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading your pages…" />,
  errorComponent: PagesError,
  component: PagesRoute,
})

function PagesRoute() {
  const data = Route.useLoaderData()
  return <PagesScreen pages={data().pages} routes={data().routes} />
}

function PagesError(props: ErrorComponentProps) {
  return (
    <LoadErrorScreen
      titleId="pages-title"
      title="Pages"
      errorTitle="Your pages could not be loaded"
      error={props.error}
    />
  )
}
