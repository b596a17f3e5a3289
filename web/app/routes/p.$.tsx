import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/solid-router'
import { Show } from 'solid-js'
import { ApiRequestError } from '../api/ApiRequestError'
import { requestJson } from '../api/requestJson'
import { LoadingPanel } from '../components/LoadingPanel'
import { PluginPage, type RuntimePage } from '../plugins/runtime/PluginPage'
import { loadPluginManifest } from '../plugins/runtime/pluginManifest'
import { LoadErrorScreen } from '../ui/LoadErrorScreen'

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
  return (
    <LoadErrorScreen
      titleId="page-error-title"
      title="Page"
      errorTitle="This page could not be loaded"
      error={props.error}
    />
  )
}
