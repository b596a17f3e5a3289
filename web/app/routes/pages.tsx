import { createFileRoute, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { PagesScreen } from '../pages/PagesScreen'
import { listNavigationRoutes, listPages } from '../pages/pagesApi'

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
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="pages-title">
      <header class="page-header">
        <h1 id="pages-title" class="page-title">
          Pages
        </h1>
      </header>
      <ErrorPanel
        title="Your pages could not be loaded"
        error={props.error}
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
