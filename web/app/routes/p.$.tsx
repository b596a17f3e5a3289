import { createFileRoute, notFound, useRouter, type ErrorComponentProps } from '@tanstack/solid-router'
import { Show } from 'solid-js'
import { ApiRequestError } from '../api/ApiRequestError'
import { requestJson } from '../api/requestJson'
import { ErrorPanel } from '../components/ErrorPanel'
import { LoadingPanel } from '../components/LoadingPanel'
import { PluginPage, type RuntimePage } from '../plugins/runtime/PluginPage'
import { loadPluginManifest } from '../plugins/runtime/pluginManifest'

// A page made through the pages API (or BrainDrive's studio) opens at /p/<its route>: `/p/my-board`
// shows the page whose route is `/my-board`, its modules on their grid.
export const Route = createFileRoute('/p/$')({
  loader: async ({ params, abortController }) => {
    const signal = abortController.signal
    const route = (params._splat ?? '').replace(/^\/+|\/+$/g, '')
    const plugins = loadPluginManifest(signal)
    plugins.catch(() => undefined) // awaited below
    let page: RuntimePage
    try {
      page = await requestJson<RuntimePage>(`/api/v1/pages/route/${route}`, { signal })
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 404 || error.status === 422)) throw notFound()
      throw error
    }
    return { page, plugins: await plugins }
  },
  pendingMs: 300,
  pendingComponent: () => <LoadingPanel label="Loading the page…" />,
  errorComponent: PageError,
  component: PageRoute,
})

function PageRoute() {
  const data = Route.useLoaderData()
  // Keyed on the page: another page mounts fresh frames and a fresh event bus.
  return (
    <Show when={data().page.id} keyed>
      {(_id) => <PluginPage page={data().page} plugins={data().plugins} />}
    </Show>
  )
}

function PageError(props: ErrorComponentProps) {
  const router = useRouter()
  return (
    <section class="page" aria-labelledby="page-error-title">
      <header class="page-header">
        <h1 id="page-error-title" class="page-title">
          Page
        </h1>
      </header>
      <ErrorPanel
        title="This page could not be loaded"
        error={props.error}
        onRetry={() => void router.invalidate()}
      />
    </section>
  )
}
